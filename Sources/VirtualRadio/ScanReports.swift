import HCI

/// What a scanner's host is told of one heard advertising PDU or scan response, in the format it scans with.
enum HeardReport {
    case legacy(LEAdvertisingReportEvent.Report)
    case extended(LEExtendedAdvertisingReportEvent.Report)
}

/// Scanning's side of hearing a PDU: the reports it gives, after the duplicate filter.
extension ScanState {
    /// The reports one heard PDU of `set` gives (its scan response when `scanResponse`): one legacy report, or
    /// extended reports of up to 229 octets each; none for a filtered duplicate or legacy data that does not fit.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65.2 and 7.7.65.13.
    mutating func reports(
        of set: AdvertisingSet, from advertiser: DeviceAddress?, target: DeviceAddress?, scanResponse: Bool,
        rssi: Int8
    ) -> [HeardReport] {
        let data = scanResponse ? set.scanResponseData : (set.isDirected && set.isLegacy ? [] : set.data)
        let eventType = set.extendedEventType(scanResponse: scanResponse)
        let sid = set.isLegacy ? 0xFF : set.sid
        let key = ReportKey(
            advertiser: advertiser, isScanResponse: scanResponse, eventType: eventType.rawValue, sid: sid, data: data)
        guard admits(key) else { return [] }
        switch family {
        case .legacy:
            guard data.count <= LEAdvertisingReportEvent.maximumDataLength else { return [] }
            return [
                .legacy(
                    LEAdvertisingReportEvent.Report(
                        eventType: scanResponse ? .scanRsp : set.legacyReportType,
                        addressType: advertiser?.type ?? .public, address: advertiser?.address ?? .zero, data: data,
                        rssi: rssi))
            ]
        case .extended:
            var chunks = stride(from: 0, to: data.count, by: 229).map { Array(data[$0..<min($0 + 229, data.count)]) }
            if chunks.isEmpty { chunks = [[]] }
            return chunks.enumerated().map { index, chunk in
                var type = eventType
                type.dataStatus = index == chunks.count - 1 ? .complete : .incomplete
                return .extended(
                    LEExtendedAdvertisingReportEvent.Report(
                        eventType: type, addressType: advertiser?.type ?? AddressType(rawValue: 0xFF),
                        address: advertiser?.address ?? .zero, primaryPHY: set.isLegacy ? .le1M : set.primaryPHY,
                        secondaryPHY: set.isLegacy ? PHY(rawValue: 0) : set.secondaryPHY, advertisingSID: sid,
                        txPower: set.properties.contains(.includeTxPower) ? set.txPower : 127, rssi: rssi,
                        periodicAdvertisingInterval: 0, directAddressType: target?.type ?? .public,
                        directAddress: target?.address ?? .zero, data: chunk))
            }
        }
    }
}

extension AdvertisingSet {
    /// The legacy report type of the set's legacy PDU.
    var legacyReportType: AdvertisingReportType {
        if isDirected { return .advDirectInd }
        if isConnectable { return .advInd }
        if isScannable { return .advScanInd }
        return .advNonconnInd
    }

    /// The extended report Event_Type bits of the set's advertisement or scan response.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65.13 (legacy PDU values 0x13, 0x15, 0x12, 0x10, 0x1B, 0x1A).
    func extendedEventType(scanResponse: Bool) -> ExtendedAdvertisingEventType {
        var type: ExtendedAdvertisingEventType = []
        if isConnectable { type.insert(.connectable) }
        if isScannable { type.insert(.scannable) }
        if isDirected, !scanResponse { type.insert(.directed) }
        if scanResponse { type.insert(.scanResponse) }
        if isLegacy { type.insert(.legacy) }
        return type
    }
}
