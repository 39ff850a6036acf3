import HCI

/// Addresses one attribute on an ATT server.
///
/// Handle 0x0000 is reserved and never names an attribute; it still travels in PDUs
/// (e.g. an Error Response that concerns no handle), so decoding accepts it.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.2.2.
public struct AttributeHandle: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The reserved handle 0x0000, which names no attribute.
    public static let invalid = AttributeHandle(rawValue: 0x0000)
    /// The lowest handle an attribute can have, 0x0001.
    public static let min = AttributeHandle(rawValue: 0x0001)
    /// The highest handle an attribute can have, 0xFFFF.
    public static let max = AttributeHandle(rawValue: 0xFFFF)

    /// Whether the handle can name an attribute (is not 0x0000).
    public var isValid: Bool { rawValue != 0 }

    public static func < (lhs: AttributeHandle, rhs: AttributeHandle) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension AttributeHandle: CustomStringConvertible {
    public var description: String {
        let digits = String(rawValue, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension AttributeHandle: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
