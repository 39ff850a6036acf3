import HCI

/// Names one end of an L2CAP channel on a connection; unknown identifiers stay representable.
///
/// Bluetooth Core Specification Vol 3, Part A, 2.1.
public struct L2CAPChannelID: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The null identifier, never used as a destination. Spec value 0x0000.
    public static let null = L2CAPChannelID(rawValue: 0x0000)
    /// The Attribute Protocol's fixed channel. Spec value 0x0004.
    public static let att = L2CAPChannelID(rawValue: 0x0004)
    /// The LE signaling channel. Spec value 0x0005.
    public static let leSignaling = L2CAPChannelID(rawValue: 0x0005)
    /// The Security Manager Protocol's fixed channel. Spec value 0x0006.
    public static let smp = L2CAPChannelID(rawValue: 0x0006)

    /// The identifiers an LE device allocates for its connection-oriented channels, 0x0040 to 0x007F.
    public static let leDynamicRange = L2CAPChannelID(rawValue: 0x0040)...L2CAPChannelID(rawValue: 0x007F)

    /// Whether the identifier lies in the LE dynamically allocated range.
    public var isLEDynamic: Bool { Self.leDynamicRange.contains(self) }

    public static func < (lhs: L2CAPChannelID, rhs: L2CAPChannelID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension L2CAPChannelID: CustomStringConvertible {
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

extension L2CAPChannelID: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
