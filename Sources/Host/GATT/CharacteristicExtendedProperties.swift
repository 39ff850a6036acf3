import HCI

/// The extra properties a Characteristic Extended Properties descriptor (0x2900) announces.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.1.
public struct CharacteristicExtendedProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The value can be written with the Reliable Writes procedure. Spec value 0x0001.
    public static let reliableWrite = CharacteristicExtendedProperties(rawValue: 0x0001)
    /// The Characteristic User Description descriptor can be written. Spec value 0x0002.
    public static let writableAuxiliaries = CharacteristicExtendedProperties(rawValue: 0x0002)
}

extension CharacteristicExtendedProperties: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
