import HCI

/// One advertisement or scan response a scanner received, from a legacy or an extended report.
public struct AdvertisementSeen: Sendable, Equatable {
    /// The advertiser's address.
    public var address: BluetoothAddress
    /// The kind of ``address``.
    public var addressType: AddressType
    /// The advertising data or scan response data.
    public var data: [UInt8]
    /// Received signal strength, in dBm (127 when unknown).
    public var rssi: Int8
    /// Whether this is a scan response rather than advertising data.
    public var isScanResponse: Bool
    /// Whether the advertiser accepts connections.
    public var isConnectable: Bool

    /// Every advertisement in an LE Meta advertising report, legacy or extended; empty otherwise.
    static func all(in event: KnownEvent) -> [AdvertisementSeen] {
        guard case .leMeta(let meta) = event else { return [] }
        switch meta {
        case .advertisingReport(let event):
            return event.reports.map { report in
                AdvertisementSeen(
                    address: report.address, addressType: report.addressType, data: report.data, rssi: report.rssi,
                    isScanResponse: report.eventType == .scanRsp,
                    isConnectable: report.eventType == .advInd || report.eventType == .advDirectInd)
            }
        case .extendedAdvertisingReport(let event):
            return event.reports.map { report in
                AdvertisementSeen(
                    address: report.address, addressType: report.addressType, data: report.data, rssi: report.rssi,
                    isScanResponse: report.eventType.contains(.scanResponse),
                    isConnectable: report.eventType.contains(.connectable))
            }
        default:
            return []
        }
    }
}
