/// The local device's role on a connection; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.1 (Role).
public struct Role: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The device initiated the connection. Spec value 0x00.
    public static let central = Role(rawValue: 0x00)
    /// The device advertised and was connected to. Spec value 0x01.
    public static let peripheral = Role(rawValue: 0x01)
}

extension Role: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
