/// Identifies one connection between the host and its controller (12 bits).
///
/// Bluetooth Core Specification Vol 4, Part E, 5.4.2.
public struct ConnectionHandle: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The largest valid handle.
    public static let maximum: UInt16 = 0x0EFF

    public static func < (lhs: ConnectionHandle, rhs: ConnectionHandle) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension ConnectionHandle: CustomStringConvertible {
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

extension ConnectionHandle: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let raw: UInt16 = try reader.read()
        guard raw <= ConnectionHandle.maximum else {
            throw .invalidValue(field: "Connection_Handle", raw: UInt64(raw))
        }
        self.init(rawValue: raw)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
