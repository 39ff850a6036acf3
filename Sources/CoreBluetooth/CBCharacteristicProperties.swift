/// What a characteristic's value allows: reading, the kinds of writing, notifications and indications.
///
/// The low eight bits are the Characteristic Properties of the characteristic declaration;
/// Bluetooth Core Specification Vol 3, Part G, 3.3.1.1.
public struct CBCharacteristicProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The value may be broadcast in the Server Characteristic Configuration; not allowed on local characteristics.
    public static let broadcast = CBCharacteristicProperties(rawValue: 0x01)
    /// The value may be read.
    public static let read = CBCharacteristicProperties(rawValue: 0x02)
    /// The value may be written without a response.
    public static let writeWithoutResponse = CBCharacteristicProperties(rawValue: 0x04)
    /// The value may be written with a response.
    public static let write = CBCharacteristicProperties(rawValue: 0x08)
    /// The server may notify the value without acknowledgement.
    public static let notify = CBCharacteristicProperties(rawValue: 0x10)
    /// The server may indicate the value, which the client acknowledges.
    public static let indicate = CBCharacteristicProperties(rawValue: 0x20)
    /// The value may be written with a signed Write Command.
    public static let authenticatedSignedWrites = CBCharacteristicProperties(rawValue: 0x40)
    /// An Extended Properties descriptor holds more properties; not allowed on local characteristics.
    public static let extendedProperties = CBCharacteristicProperties(rawValue: 0x80)
    /// Only trusted devices may enable notifications of the value (local characteristics only).
    public static let notifyEncryptionRequired = CBCharacteristicProperties(rawValue: 0x100)
    /// Only trusted devices may enable indications of the value (local characteristics only).
    public static let indicateEncryptionRequired = CBCharacteristicProperties(rawValue: 0x200)
}
