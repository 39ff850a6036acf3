/// The kind of legacy advertising PDU a legacy advertising report describes; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.2 (Event_Type).
public struct AdvertisingReportType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Connectable and scannable undirected advertising (ADV_IND). Spec value 0x00.
    public static let advInd = AdvertisingReportType(rawValue: 0x00)
    /// Connectable directed advertising (ADV_DIRECT_IND). Spec value 0x01.
    public static let advDirectInd = AdvertisingReportType(rawValue: 0x01)
    /// Scannable undirected advertising (ADV_SCAN_IND). Spec value 0x02.
    public static let advScanInd = AdvertisingReportType(rawValue: 0x02)
    /// Non-connectable undirected advertising (ADV_NONCONN_IND). Spec value 0x03.
    public static let advNonconnInd = AdvertisingReportType(rawValue: 0x03)
    /// A scan response (SCAN_RSP). Spec value 0x04.
    public static let scanRsp = AdvertisingReportType(rawValue: 0x04)
}

extension AdvertisingReportType: CustomStringConvertible {
    public var description: String {
        switch self {
        case .advInd: "ADV_IND"
        case .advDirectInd: "ADV_DIRECT_IND"
        case .advScanInd: "ADV_SCAN_IND"
        case .advNonconnInd: "ADV_NONCONN_IND"
        case .scanRsp: "SCAN_RSP"
        default: "report type 0x\(String(rawValue, radix: 16))"
        }
    }
}

extension AdvertisingReportType: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
