/// A physical layer of the LE radio; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.47 (TX_PHY / RX_PHY).
public struct PHY: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// LE 1M. Spec value 0x01.
    public static let le1M = PHY(rawValue: 0x01)
    /// LE 2M. Spec value 0x02.
    public static let le2M = PHY(rawValue: 0x02)
    /// LE Coded. Spec value 0x03.
    public static let leCoded = PHY(rawValue: 0x03)
}

extension PHY: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}

/// A set of PHYs, as LE Set PHY and LE Set Default PHY take them.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.49.
public struct PHYMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// LE 1M. Spec bit 0.
    public static let le1M = PHYMask(rawValue: 1 << 0)
    /// LE 2M. Spec bit 1.
    public static let le2M = PHYMask(rawValue: 1 << 1)
    /// LE Coded. Spec bit 2.
    public static let leCoded = PHYMask(rawValue: 1 << 2)
}

extension PHYMask: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
