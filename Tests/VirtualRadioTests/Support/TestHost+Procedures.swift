import HCI
import Testing

@testable import VirtualRadio

/// What any of the three connection complete events said, in one shape.
struct ConnectionOutcome: Equatable {
    var subevent: LESubeventCode
    var status: HCIStatus
    var handle: ConnectionHandle
    var role: Role
    var peerAddressType: AddressType
    var peerAddress: BluetoothAddress
    var interval: UInt16

    init<E: LEConnectionCompletion>(_ e: E) {
        subevent = E.subeventCode
        status = e.status
        handle = e.handle
        role = e.role
        peerAddressType = e.peerAddressType
        peerAddress = e.peerAddress
        interval = e.connectionInterval
    }
}

/// The common procedures tests drive, built from single commands.
extension TestHost {
    static let defaultParameters = (
        intervalMin: UInt16(0x0018), intervalMax: UInt16(0x0028), latency: UInt16(0),
        timeout: UInt16(0x01F4)
    )

    /// Starts legacy advertising from the host's random address.
    func advertise(
        _ type: AdvertisingType = .connectableUndirected, data: [UInt8] = [], scanResponse: [UInt8] = [],
        directedAt peer: BluetoothAddress = .zero, filterPolicy: UInt8 = 0
    ) async throws {
        _ = try await execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0x00A0, advertisingIntervalMax: 0x00A0, advertisingType: type,
                ownAddressType: .random, peerAddressType: .random, peerAddress: peer, advertisingChannelMap: 0x07,
                advertisingFilterPolicy: filterPolicy))
        _ = try await execute(LESetAdvertisingDataCommand(data: data))
        _ = try await execute(LESetScanResponseDataCommand(data: scanResponse))
        _ = try await execute(LESetAdvertisingEnableCommand(enable: true))
    }

    /// Starts legacy scanning from the host's random address; interval and window in units of 0.625 ms.
    func scan(
        _ type: ScanType = .passive, filterDuplicates: Bool = false, filterPolicy: UInt8 = 0,
        interval: UInt16 = 0x0010, window: UInt16 = 0x0010
    ) async throws {
        _ = try await execute(
            LESetScanParametersCommand(
                scanType: type, scanInterval: interval, scanWindow: window, ownAddressType: .random,
                scanningFilterPolicy: filterPolicy))
        _ = try await execute(LESetScanEnableCommand(enable: true, filterDuplicates: filterDuplicates))
    }

    /// LE Create Connection to a random address, with the default parameters.
    func createConnection(to peer: BluetoothAddress) -> LECreateConnectionCommand {
        let p = Self.defaultParameters
        return LECreateConnectionCommand(
            scanInterval: 0x0060, scanWindow: 0x0030, initiatorFilterPolicy: 0, peerAddressType: .random,
            peerAddress: peer, ownAddressType: .random, connectionIntervalMin: p.intervalMin,
            connectionIntervalMax: p.intervalMax, maxLatency: p.latency, supervisionTimeout: p.timeout,
            minCELength: 0, maxCELength: 0)
    }

    /// Awaits the connection complete event of whichever version the controller sent.
    func expectConnectionComplete() async throws -> ConnectionOutcome {
        try await expectLE { event in
            switch event {
            case .connectionComplete(let e): ConnectionOutcome(e)
            case .enhancedConnectionComplete(let e): ConnectionOutcome(e)
            case .enhancedConnectionCompleteV2(let e): ConnectionOutcome(e)
            default: nil
            }
        }
    }

    /// Connects this host (central) to an advertising peripheral host and returns both handles.
    func connect(to peripheral: TestHost) async throws -> (central: ConnectionHandle, peripheral: ConnectionHandle) {
        try await peripheral.advertise()
        #expect(try await start(createConnection(to: peripheral.address)) == .success)
        let central = try await expectConnectionComplete()
        let remote = try await peripheral.expectConnectionComplete()
        #expect(central.status == .success && remote.status == .success)
        return (central.handle, remote.handle)
    }

    /// Awaits Disconnection Complete.
    func expectDisconnection() async throws -> DisconnectionCompleteEvent {
        try await expect { event in
            if case .disconnectionComplete(let e) = event { return e }
            return nil
        }
    }

    /// Awaits the next legacy advertising report; the rest of an event that holds several stays queued.
    func expectReport() async throws -> LEAdvertisingReportEvent.Report {
        let event = try await expectLE { event in
            if case .advertisingReport(let e) = event { return e }
            return nil
        }
        if event.reports.count > 1 {
            let rest = LEAdvertisingReportEvent(reports: Array(event.reports.dropFirst()))
            backlog.insert(.event(HCIEventPacket(rest)), at: 0)
        }
        return event.reports[0]
    }

    /// Awaits the next extended advertising report.
    func expectExtendedReport() async throws -> LEExtendedAdvertisingReportEvent.Report {
        try await expectLE { event in
            if case .extendedAdvertisingReport(let e) = event { return e.reports.first }
            return nil
        }
    }
}

/// Static random addresses for test hosts.
enum Addresses {
    static let first = BluetoothAddress(rawValue: 0xC1_00_00_00_00_01)
    static let second = BluetoothAddress(rawValue: 0xC1_00_00_00_00_02)
    static let third = BluetoothAddress(rawValue: 0xC1_00_00_00_00_03)
    static let fourth = BluetoothAddress(rawValue: 0xC1_00_00_00_00_04)
}
