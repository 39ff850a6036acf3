import HCI

/// The LE Role data type: which of the peripheral and central roles a device supports and prefers.
///
/// Core Specification Supplement, Part A, 1.17.
public struct LERole: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Only the peripheral role is supported. Spec value 0x00.
    public static let peripheralOnly = LERole(rawValue: 0x00)
    /// Only the central role is supported. Spec value 0x01.
    public static let centralOnly = LERole(rawValue: 0x01)
    /// Both roles are supported; the peripheral role is preferred for the connection. Spec value 0x02.
    public static let peripheralPreferred = LERole(rawValue: 0x02)
    /// Both roles are supported; the central role is preferred for the connection. Spec value 0x03.
    public static let centralPreferred = LERole(rawValue: 0x03)
}

extension LERole: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
