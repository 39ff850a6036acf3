/// The kind of PDU legacy advertising sends; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.5 (Advertising_Type).
public struct AdvertisingType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Connectable and scannable undirected advertising (ADV_IND). Spec value 0x00.
    public static let connectableUndirected = AdvertisingType(rawValue: 0x00)
    /// Connectable high duty cycle directed advertising (ADV_DIRECT_IND). Spec value 0x01.
    public static let connectableHighDutyDirected = AdvertisingType(rawValue: 0x01)
    /// Scannable undirected advertising (ADV_SCAN_IND). Spec value 0x02.
    public static let scannableUndirected = AdvertisingType(rawValue: 0x02)
    /// Non-connectable undirected advertising (ADV_NONCONN_IND). Spec value 0x03.
    public static let nonConnectableUndirected = AdvertisingType(rawValue: 0x03)
    /// Connectable low duty cycle directed advertising (ADV_DIRECT_IND). Spec value 0x04.
    public static let connectableLowDutyDirected = AdvertisingType(rawValue: 0x04)
}

extension AdvertisingType: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
