import HCI
import Testing

@testable import VirtualRadio

@Suite("Advertising and scanning on the air", .timeLimit(.minutes(2)))
struct AdvertisingTests {
    let clock = ManualClock()
    let air: Air

    init() {
        air = Air(clock: clock)
    }

    @Test(
        "Passive legacy scanning reports each legacy advertising type with its report type",
        arguments: [
            (AdvertisingType.connectableUndirected, AdvertisingReportType.advInd),
            (.scannableUndirected, .advScanInd),
            (.nonConnectableUndirected, .advNonconnInd),
        ])
    func legacyReportTypes(type: AdvertisingType, expected: AdvertisingReportType) async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.advertise(type, data: [0x02, 0x01, 0x06], scanResponse: [0x03, 0x09, 0x41, 0x42])
        try await scanner.scan(.passive)
        let report = try await scanner.expectReport()
        #expect(report.eventType == expected)
        #expect(report.addressType == .random && report.address == Addresses.first)
        #expect(report.data == [0x02, 0x01, 0x06])
        #expect((-127...20).contains(report.rssi))
        #expect(try await scanner.drainEvents().isEmpty, "passive scanning sends no scan request")
    }

    @Test(
        "Directed advertising (high and low duty) reaches only its target, as ADV_DIRECT_IND",
        arguments: [AdvertisingType.connectableHighDutyDirected, .connectableLowDutyDirected])
    func directedReachesOnlyTarget(type: AdvertisingType) async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let target = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let bystander = try await TestHost.make(on: air, randomAddress: Addresses.third)
        try await target.scan()
        try await bystander.scan()
        try await advertiser.advertise(type, data: [0x02, 0x01, 0x06], directedAt: Addresses.second)
        let report = try await target.expectReport()
        #expect(report.eventType == .advDirectInd)
        #expect(report.address == Addresses.first)
        #expect(report.data.isEmpty)
        #expect(try await bystander.drainEvents().isEmpty)
    }

    @Test("Active scanning delivers the scan response data as a separate SCAN_RSP report")
    func activeScanDeliversScanResponse() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.advertise(
            .connectableUndirected, data: [0x02, 0x01, 0x06], scanResponse: [0x03, 0x09, 0x41, 0x42])
        try await scanner.scan(.active)
        let advertisement = try await scanner.expectReport()
        let response = try await scanner.expectReport()
        #expect(advertisement.eventType == .advInd && advertisement.data == [0x02, 0x01, 0x06])
        #expect(response.eventType == .scanRsp && response.data == [0x03, 0x09, 0x41, 0x42])
        #expect(response.address == Addresses.first)
    }

    @Test("Active scanning gets no scan response from non-scannable advertising")
    func noScanResponseFromNonScannable() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.advertise(.nonConnectableUndirected, data: [0x01], scanResponse: [0x02])
        try await scanner.scan(.active)
        #expect(try await scanner.expectReport().eventType == .advNonconnInd)
        #expect(try await scanner.drainEvents().isEmpty)
    }

    @Test("Duplicate filtering drops repeats until scanning is enabled again; without it every event is reported")
    func duplicateFiltering() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let filtering = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let unfiltered = try await TestHost.make(on: air, randomAddress: Addresses.third)
        try await filtering.scan(filterDuplicates: true)
        try await unfiltered.scan(filterDuplicates: false)
        try await advertiser.advertise(.nonConnectableUndirected, data: [0x01])
        _ = try await filtering.expectReport()
        _ = try await unfiltered.expectReport()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(100))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(100))
        _ = try await unfiltered.expectReport()
        _ = try await unfiltered.expectReport()
        #expect(try await filtering.drainEvents().isEmpty)
        _ = try await filtering.execute(LESetScanEnableCommand(enable: true, filterDuplicates: true))
        _ = try await filtering.expectReport()
    }

    @Test("Advertising repeats at its interval while enabled and stops when disabled")
    func advertisingRepeatsAtInterval() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await scanner.scan()
        try await advertiser.advertise(.nonConnectableUndirected)
        _ = try await scanner.expectReport()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(99))
        #expect(try await scanner.drainEvents().isEmpty)
        clock.advance(by: .milliseconds(1))
        _ = try await scanner.expectReport()
        _ = try await advertiser.execute(LESetAdvertisingEnableCommand(enable: false))
        clock.advance(by: .seconds(1))
        #expect(try await scanner.drainEvents().isEmpty)
    }

    @Test("Extended scanning reports legacy advertising as LE Extended Advertising Report with legacy event types")
    func extendedScanReportsLegacyAdvertising() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.advertise(
            .connectableUndirected, data: [0x02, 0x01, 0x06], scanResponse: [0x02, 0x0A, 0x00])
        try await scanner.extendedScan(.active)
        let advertisement = try await scanner.expectExtendedReport()
        let response = try await scanner.expectExtendedReport()
        #expect(advertisement.eventType.rawValue == 0x13)
        #expect(advertisement.data == [0x02, 0x01, 0x06])
        #expect(advertisement.advertisingSID == 0xFF && advertisement.primaryPHY == .le1M)
        #expect(response.eventType.rawValue == 0x1B)
        #expect(response.data == [0x02, 0x0A, 0x00])
        let legacyReports = try await scanner.drainEvents().filter {
            if case .leMeta(.advertisingReport) = $0 { true } else { false }
        }
        #expect(legacyReports.isEmpty)
    }

    @Test("Extended advertising data longer than one report arrives in fragments marked incomplete then complete")
    func extendedDataIsFragmented() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: nil)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let data = (0..<500).map { UInt8(truncatingIfNeeded: $0) }
        try await advertiser.extendedAdvertise(handle: 0, properties: [], address: Addresses.first, data: data)
        try await scanner.extendedScan(.passive)
        var received: [UInt8] = []
        var statuses: [ExtendedAdvertisingEventType.DataStatus] = []
        while statuses.last != .complete {
            let report = try await scanner.expectExtendedReport()
            received += report.data
            statuses.append(report.eventType.dataStatus)
            #expect(report.address == Addresses.first && report.advertisingSID == 3)
            #expect(!report.eventType.contains(.legacy))
        }
        #expect(received == data)
        #expect(statuses == [.incomplete, .incomplete, .complete])
    }

    @Test("A legacy scanner does not hear extended (non-legacy) advertising")
    func legacyScannerIgnoresExtendedAdvertising() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: nil)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.extendedAdvertise(handle: 1, properties: [], address: Addresses.first, data: [0x01])
        try await scanner.scan()
        #expect(try await scanner.drainEvents().isEmpty)
    }

    @Test("Several extended advertising sets advertise at once, each with its own address and data")
    func severalSets() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: nil)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.extendedAdvertise(handle: 0, properties: [.legacy], address: Addresses.first, data: [0xAA])
        try await advertiser.extendedAdvertise(handle: 1, properties: [], address: Addresses.third, data: [0xBB])
        try await scanner.extendedScan(.passive)
        let first = try await scanner.expectExtendedReport()
        let second = try await scanner.expectExtendedReport()
        #expect(first.address == Addresses.first && first.data == [0xAA] && first.eventType.rawValue == 0x10)
        #expect(second.address == Addresses.third && second.data == [0xBB])
    }

    @Test("An extended set with a scan request notification tells its host who scanned it")
    func scanRequestReceived() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: nil)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await advertiser.extendedAdvertise(
            handle: 2, properties: [.scannable], address: Addresses.first, scanResponse: [0x05],
            notifyScanRequests: true)
        try await scanner.extendedScan(.active)
        let advertisement = try await scanner.expectExtendedReport()
        let response = try await scanner.expectExtendedReport()
        #expect(advertisement.eventType == [.scannable])
        #expect(response.eventType == [.scannable, .scanResponse] && response.data == [0x05])
        let request = try await advertiser.expectLE { event in
            if case .scanRequestReceived(let e) = event { return e }
            return nil
        }
        #expect(request.advertisingHandle == 2)
        #expect(request.scannerAddressType == .random && request.scannerAddress == Addresses.second)
    }

    @Test("An extended set stops after its maximum number of events with Advertising Set Terminated (Limit Reached)")
    func maxEventsTerminate() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: nil)
        try await advertiser.extendedAdvertise(
            handle: 0, properties: [], address: Addresses.first, data: [], maxEvents: 2)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(100))
        let terminated = try await advertiser.expectLE { event in
            if case .advertisingSetTerminated(let e) = event { return e }
            return nil
        }
        #expect(terminated.status.rawValue == 0x43)
        #expect(terminated.numCompletedExtendedAdvertisingEvents == 2)
    }

    @Test("An extended set with a duration stops with Advertising Set Terminated (Advertising Timeout)")
    func durationTimesOut() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: nil)
        try await advertiser.extendedAdvertise(
            handle: 0, properties: [], address: Addresses.first, data: [], duration: 50)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(500))
        let terminated = try await advertiser.expectLE { event in
            if case .advertisingSetTerminated(let e) = event { return e }
            return nil
        }
        #expect(terminated.status == .advertisingTimeout)
    }

    @Test("Extended scanning with a duration ends with LE Scan Timeout")
    func scanDuration() async throws {
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await scanner.extendedScan(.passive, duration: 100)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        _ = try await scanner.expectLE { event in
            if case .scanTimeout = event { return true }
            return nil
        }
    }

    @Test("Extended advertising commands check handles, data kinds and own addresses")
    func extendedCommandChecks() async throws {
        let host = try await TestHost.make(on: air, randomAddress: nil)
        #expect(
            try await host.execute(LEReadMaximumAdvertisingDataLengthCommand()).maximumAdvertisingDataLength == 1650)
        #expect(
            try await host.status(
                of: LESetExtendedAdvertisingDataCommand(
                    advertisingHandle: 9, operation: 3, fragmentPreference: 0, data: []))
                == ControllerError.unknownAdvertisingIdentifier.status)
        _ = try await host.execute(TestHost.extendedParameters(handle: 0, properties: [.connectable]))
        #expect(
            try await host.status(
                of: LESetExtendedScanResponseDataCommand(
                    advertisingHandle: 0, operation: 3, fragmentPreference: 0, data: [1]))
                == .invalidCommandParameters)
        let enable = LESetExtendedAdvertisingEnableCommand(
            enable: true, sets: [.init(advertisingHandle: 0, duration: 0, maxExtendedAdvertisingEvents: 0)])
        #expect(try await host.status(of: enable) == .invalidCommandParameters, "random address of the set not set")
        _ = try await host.execute(
            LESetAdvertisingSetRandomAddressCommand(advertisingHandle: 0, randomAddress: Addresses.first))
        #expect(try await host.status(of: enable) == .success)
        #expect(try await host.status(of: LERemoveAdvertisingSetCommand(advertisingHandle: 0)) == .commandDisallowed)
        _ = try await host.execute(LESetExtendedAdvertisingEnableCommand(enable: false, sets: []))
        #expect(try await host.status(of: LEClearAdvertisingSetsCommand()) == .success)
        for handle in UInt8(0)..<4 {
            _ = try await host.execute(TestHost.extendedParameters(handle: handle, properties: []))
        }
        #expect(
            try await host.status(of: TestHost.extendedParameters(handle: 4, properties: [])) == .memoryCapacityExceeded
        )
    }

    @Test("Advertisers beyond the receiver's sensitivity are not heard; RSSI falls with distance")
    func distanceAndRSSI() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let near = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let far = try await TestHost.make(on: air, randomAddress: Addresses.third)
        await near.controller.move(to: Position(x: 1, y: 0))
        await far.controller.move(to: Position(x: 5000, y: 0))
        try await near.scan()
        try await far.scan()
        try await advertiser.advertise(.nonConnectableUndirected)
        let report = try await near.expectReport()
        #expect((-42...(-38)).contains(report.rssi))
        #expect(try await far.drainEvents().isEmpty)
        await far.controller.move(to: Position(x: 100, y: 0))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(100))
        let distant = try await far.expectReport()
        #expect((-82...(-78)).contains(distant.rssi))
    }
}

extension TestHost {
    static func extendedParameters(
        handle: UInt8, properties: AdvertisingEventProperties, notifyScanRequests: Bool = false
    ) -> LESetExtendedAdvertisingParametersCommand {
        LESetExtendedAdvertisingParametersCommand(
            advertisingHandle: handle, advertisingEventProperties: properties, primaryAdvertisingIntervalMin: 0xA0,
            primaryAdvertisingIntervalMax: 0xA0, primaryAdvertisingChannelMap: 0x07, ownAddressType: .random,
            peerAddressType: .public, peerAddress: .zero, advertisingFilterPolicy: 0, advertisingTxPower: 0x7F,
            primaryAdvertisingPHY: .le1M, secondaryAdvertisingMaxSkip: 0, secondaryAdvertisingPHY: .le2M,
            advertisingSID: 3, scanRequestNotificationEnable: notifyScanRequests)
    }

    /// Sets up and enables one extended advertising set from its own random address.
    func extendedAdvertise(
        handle: UInt8, properties: AdvertisingEventProperties, address: BluetoothAddress, data: [UInt8] = [],
        scanResponse: [UInt8] = [], notifyScanRequests: Bool = false, duration: UInt16 = 0, maxEvents: UInt8 = 0
    ) async throws {
        _ = try await execute(
            Self.extendedParameters(handle: handle, properties: properties, notifyScanRequests: notifyScanRequests))
        _ = try await execute(
            LESetAdvertisingSetRandomAddressCommand(advertisingHandle: handle, randomAddress: address))
        var chunks = stride(from: 0, to: data.count, by: 251).map { Array(data[$0..<min($0 + 251, data.count)]) }
        if chunks.isEmpty { chunks = [[]] }
        for (index, chunk) in chunks.enumerated() {
            let operation: UInt8 =
                chunks.count == 1 ? 3 : index == 0 ? 1 : index == chunks.count - 1 ? 2 : 0
            _ = try await execute(
                LESetExtendedAdvertisingDataCommand(
                    advertisingHandle: handle, operation: operation, fragmentPreference: 0, data: chunk))
        }
        if !scanResponse.isEmpty {
            _ = try await execute(
                LESetExtendedScanResponseDataCommand(
                    advertisingHandle: handle, operation: 3, fragmentPreference: 0, data: scanResponse))
        }
        _ = try await execute(
            LESetExtendedAdvertisingEnableCommand(
                enable: true,
                sets: [.init(advertisingHandle: handle, duration: duration, maxExtendedAdvertisingEvents: maxEvents)]))
    }

    /// Starts extended scanning on LE 1M from the host's random address.
    func extendedScan(_ type: ScanType, filterDuplicates: UInt8 = 0, duration: UInt16 = 0) async throws {
        _ = try await execute(
            LESetExtendedScanParametersCommand(
                ownAddressType: .random, scanningFilterPolicy: 0, scanningPHYs: .le1M,
                phys: [.init(scanType: type, scanInterval: 0x10, scanWindow: 0x10)]))
        _ = try await execute(
            LESetExtendedScanEnableCommand(
                enable: true, filterDuplicates: filterDuplicates, duration: duration, period: 0))
    }
}
