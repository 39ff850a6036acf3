import HCI

/// The value of a Client Characteristic Configuration descriptor (0x2902): which updates a client wants.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.3.
public struct ClientCharacteristicConfiguration: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The client wants notifications. Spec value 0x0001.
    public static let notification = ClientCharacteristicConfiguration(rawValue: 0x0001)
    /// The client wants indications. Spec value 0x0002.
    public static let indication = ClientCharacteristicConfiguration(rawValue: 0x0002)
}

extension ClientCharacteristicConfiguration: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
