import HCI

/// The kind of an advertising data structure, as Assigned Numbers lists it; unknown values stay representable.
///
/// Bluetooth Assigned Numbers, 2.3 (Common Data Types); Core Specification Supplement, Part A, 1.
public struct ADType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Discoverability and BR/EDR support bits. Spec value 0x01.
    public static let flags = ADType(rawValue: 0x01)
    /// Some of the device's 16-bit service UUIDs. Spec value 0x02.
    public static let incompleteList16BitServiceUUIDs = ADType(rawValue: 0x02)
    /// All of the device's 16-bit service UUIDs. Spec value 0x03.
    public static let completeList16BitServiceUUIDs = ADType(rawValue: 0x03)
    /// Some of the device's 32-bit service UUIDs. Spec value 0x04.
    public static let incompleteList32BitServiceUUIDs = ADType(rawValue: 0x04)
    /// All of the device's 32-bit service UUIDs. Spec value 0x05.
    public static let completeList32BitServiceUUIDs = ADType(rawValue: 0x05)
    /// Some of the device's 128-bit service UUIDs. Spec value 0x06.
    public static let incompleteList128BitServiceUUIDs = ADType(rawValue: 0x06)
    /// All of the device's 128-bit service UUIDs. Spec value 0x07.
    public static let completeList128BitServiceUUIDs = ADType(rawValue: 0x07)
    /// The first characters of the device's name. Spec value 0x08.
    public static let shortenedLocalName = ADType(rawValue: 0x08)
    /// The device's whole name. Spec value 0x09.
    public static let completeLocalName = ADType(rawValue: 0x09)
    /// The transmitted power level in dBm. Spec value 0x0A.
    public static let txPowerLevel = ADType(rawValue: 0x0A)
    /// 16-bit UUIDs of services the device wants a central to offer. Spec value 0x14.
    public static let listOf16BitServiceSolicitationUUIDs = ADType(rawValue: 0x14)
    /// 128-bit UUIDs of services the device wants a central to offer. Spec value 0x15.
    public static let listOf128BitServiceSolicitationUUIDs = ADType(rawValue: 0x15)
    /// Data for a service named by a 16-bit UUID. Spec value 0x16.
    public static let serviceData16BitUUID = ADType(rawValue: 0x16)
    /// The device's external appearance category. Spec value 0x19.
    public static let appearance = ADType(rawValue: 0x19)
    /// The device's own address and its type. Spec value 0x1B.
    public static let leBluetoothDeviceAddress = ADType(rawValue: 0x1B)
    /// The LE roles the device supports and prefers. Spec value 0x1C.
    public static let leRole = ADType(rawValue: 0x1C)
    /// 32-bit UUIDs of services the device wants a central to offer. Spec value 0x1F.
    public static let listOf32BitServiceSolicitationUUIDs = ADType(rawValue: 0x1F)
    /// Data for a service named by a 32-bit UUID. Spec value 0x20.
    public static let serviceData32BitUUID = ADType(rawValue: 0x20)
    /// Data for a service named by a 128-bit UUID. Spec value 0x21.
    public static let serviceData128BitUUID = ADType(rawValue: 0x21)
    /// Data defined by the company whose identifier opens it. Spec value 0xFF.
    public static let manufacturerSpecificData = ADType(rawValue: 0xFF)
}

extension ADType: CustomStringConvertible {
    public var description: String {
        switch self {
        case .flags: "flags"
        case .incompleteList16BitServiceUUIDs: "incomplete 16-bit service UUIDs"
        case .completeList16BitServiceUUIDs: "complete 16-bit service UUIDs"
        case .incompleteList32BitServiceUUIDs: "incomplete 32-bit service UUIDs"
        case .completeList32BitServiceUUIDs: "complete 32-bit service UUIDs"
        case .incompleteList128BitServiceUUIDs: "incomplete 128-bit service UUIDs"
        case .completeList128BitServiceUUIDs: "complete 128-bit service UUIDs"
        case .shortenedLocalName: "shortened local name"
        case .completeLocalName: "complete local name"
        case .txPowerLevel: "TX power level"
        case .listOf16BitServiceSolicitationUUIDs: "16-bit service solicitation UUIDs"
        case .listOf128BitServiceSolicitationUUIDs: "128-bit service solicitation UUIDs"
        case .serviceData16BitUUID: "service data (16-bit UUID)"
        case .appearance: "appearance"
        case .leBluetoothDeviceAddress: "LE Bluetooth device address"
        case .leRole: "LE role"
        case .listOf32BitServiceSolicitationUUIDs: "32-bit service solicitation UUIDs"
        case .serviceData32BitUUID: "service data (32-bit UUID)"
        case .serviceData128BitUUID: "service data (128-bit UUID)"
        case .manufacturerSpecificData: "manufacturer specific data"
        default: "AD type 0x\(String(rawValue, radix: 16))"
        }
    }
}

extension ADType: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
