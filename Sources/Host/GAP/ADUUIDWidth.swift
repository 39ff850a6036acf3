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
        if uuid.uint16 != nil {
            self = .bits16
        } else if uuid.uint32 != nil {
            self = .bits32
        } else {
            self = .bits128
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

    /// The little-endian wire form of `uuid`, which must fit this size.
    func encode(_ uuid: BluetoothUUID) -> [UInt8] {
        switch self {
        case .bits16:
            let value = uuid.uint16 ?? 0
            return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        case .bits32:
            let value = uuid.uint32 ?? 0
            return (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        case .bits128:
            return uuid.bytes.reversed()
        }
    }

    /// The UUID whose little-endian wire form is `bytes`, which hold exactly ``byteCount`` bytes.
    func decode(_ bytes: ArraySlice<UInt8>) -> BluetoothUUID {
        switch self {
        case .bits16:
            BluetoothUUID(uint16: bytes.reversed().reduce(0) { $0 << 8 | UInt16($1) })
        case .bits32:
            BluetoothUUID(uint32: bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) })
        case .bits128:
            BluetoothUUID(bytes: bytes.reversed())
        }
    }

    /// Every whole UUID of this size in `bytes`; a trailing partial UUID is ignored.
    func decodeList(_ bytes: [UInt8]) -> [BluetoothUUID] {
        stride(from: 0, through: bytes.count - byteCount, by: byteCount).map {
            decode(bytes[$0..<($0 + byteCount)])
        }
    }

    /// Splits `uuids` into lists by shortest size, in 16-, 32-, 128-bit order, keeping input order within each.
    static func group(_ uuids: [BluetoothUUID]) -> [(width: ADUUIDWidth, uuids: [BluetoothUUID])] {
        allCases.compactMap { width in
            let matching = uuids.filter { ADUUIDWidth(of: $0) == width }
            return matching.isEmpty ? nil : (width, matching)
        }
    }
}
