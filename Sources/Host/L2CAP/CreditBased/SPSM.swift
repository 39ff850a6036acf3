import HCI

/// An LE Protocol/Service Multiplexer: names the service a credit-based channel connects to;
/// unknown values stay representable.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.22.
public struct SPSM: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The Internet Protocol Support Profile. Assigned value 0x0023.
    public static let ipsp = SPSM(rawValue: 0x0023)
    /// The Enhanced Attribute Protocol. Assigned value 0x0027.
    public static let eatt = SPSM(rawValue: 0x0027)

    /// Values assigned by the Bluetooth SIG, 0x0001 to 0x007F.
    public static let fixedRange = SPSM(rawValue: 0x0001)...SPSM(rawValue: 0x007F)
    /// Values a device may allocate for its own services, 0x0080 to 0x00FF.
    public static let dynamicRange = SPSM(rawValue: 0x0080)...SPSM(rawValue: 0x00FF)

    /// Whether the value is one the specification allows on LE (0x0001 to 0x00FF).
    public var isValid: Bool { Self.fixedRange.contains(self) || Self.dynamicRange.contains(self) }

    public static func < (lhs: SPSM, rhs: SPSM) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension SPSM: CustomStringConvertible {
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

extension SPSM: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
