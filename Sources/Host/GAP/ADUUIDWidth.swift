import HCI

/// The three sizes a UUID can take in advertising data, with the AD types that carry each size.
///
/// Core Specification Supplement, Part A, 1.1, 1.10 and 1.11.
enum ADUUIDWidth: Int, CaseIterable, Sendable {
    case bits16 = 2
    case bits32 = 4
    case bits128 = 16

    /// The number of bytes one UUID of this size takes.
    var byteCount: Int { rawValue }

    /// The size of the shortest form `uuid` can be sent in.
    init(of uuid: BluetoothUUID) {
        switch uuid.shortestForm.bitWidth {
        case 16: self = .bits16
        case 32: self = .bits32
        default: self = .bits128
        }
    }

    /// The AD type listing service UUIDs of this size, complete or not.
    func serviceUUIDListType(complete: Bool) -> ADType {
        switch self {
        case .bits16: complete ? .completeList16BitServiceUUIDs : .incompleteList16BitServiceUUIDs
        case .bits32: complete ? .completeList32BitServiceUUIDs : .incompleteList32BitServiceUUIDs
        case .bits128: complete ? .completeList128BitServiceUUIDs : .incompleteList128BitServiceUUIDs
        }
    }

    /// The AD type listing solicited service UUIDs of this size.
    var solicitationType: ADType {
        switch self {
        case .bits16: .listOf16BitServiceSolicitationUUIDs
        case .bits32: .listOf32BitServiceSolicitationUUIDs
        case .bits128: .listOf128BitServiceSolicitationUUIDs
        }
    }

    /// The AD type carrying service data keyed by a UUID of this size.
    var serviceDataType: ADType {
        switch self {
        case .bits16: .serviceData16BitUUID
        case .bits32: .serviceData32BitUUID
        case .bits128: .serviceData128BitUUID
        }
    }

    /// The size and completeness a service UUID list type stands for, or nil for any other type.
    static func serviceUUIDList(_ type: ADType) -> (width: ADUUIDWidth, isComplete: Bool)? {
        for width in allCases {
            if type == width.serviceUUIDListType(complete: true) { return (width, true) }
            if type == width.serviceUUIDListType(complete: false) { return (width, false) }
        }
        return nil
    }

    /// The UUID size a solicitation list type stands for, or nil for any other type.
    static func solicitation(_ type: ADType) -> ADUUIDWidth? {
        allCases.first { $0.solicitationType == type }
    }

    /// The UUID size a service data type stands for, or nil for any other type.
    static func serviceData(_ type: ADType) -> ADUUIDWidth? {
        allCases.first { $0.serviceDataType == type }
    }

    /// The advertising wire form of `uuids`, one after another, each in its shortest form.
    static func encodeList(_ uuids: some Sequence<BluetoothUUID>) -> [UInt8] {
        var writer = ByteWriter()
        for uuid in uuids {
            uuid.encodeForAdvertising(into: &writer)
        }
        return writer.bytes
    }

    /// Every whole UUID of this size in `bytes`; a trailing partial UUID is ignored.
    func decodeList(_ bytes: [UInt8]) -> [BluetoothUUID] {
        var reader = ByteReader(bytes)
        var uuids: [BluetoothUUID] = []
        while let uuid = try? BluetoothUUID(advertisingFrom: &reader, byteCount: byteCount) {
            uuids.append(uuid)
        }
        return uuids
    }

    /// Splits `uuids` into lists by shortest size, in 16-, 32-, 128-bit order, keeping input order within each.
    static func group(_ uuids: [BluetoothUUID]) -> [(width: ADUUIDWidth, uuids: [BluetoothUUID])] {
        allCases.compactMap { width in
            let matching = uuids.filter { ADUUIDWidth(of: $0) == width }
            return matching.isEmpty ? nil : (width, matching)
        }
    }
}
