import HCI
import Testing

@testable import VirtualRadio

@Suite("Connections on the air", .timeLimit(.minutes(2)))
struct ConnectionTests {
    let clock = ManualClock()
    let air: Air

    init() {
        air = Air(clock: clock)
    }

    @Test("Create Connection to an advertiser completes on both sides with the right roles and addresses")
    func connectBothRoles() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await peripheral.advertise()
        #expect(try await central.start(central.createConnection(to: Addresses.second)) == .success)
        let c = try await central.expectConnectionComplete()
        let p = try await peripheral.expectConnectionComplete()
        #expect(c.subevent == .connectionComplete && p.subevent == .connectionComplete)
        #expect(c.status == .success && c.role == .central)
        #expect(c.peerAddressType == .random && c.peerAddress == Addresses.second)
        #expect(p.status == .success && p.role == .peripheral)
        #expect(p.peerAddressType == .random && p.peerAddress == Addresses.first)
        #expect(c.interval == TestHost.defaultParameters.intervalMin && p.interval == c.interval)
    }

    @Test("A host that unmasked LE Enhanced Connection Complete gets it instead of LE Connection Complete")
    func enhancedConnectionComplete() async throws {
        let mask = TestHost.leEventMask | TestHost.mask(.enhancedConnectionComplete)
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first, leEventMask: mask)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        _ = try await central.connect(to: peripheral)
        let events = try await central.drainEvents()
        #expect(!events.contains { if case .leMeta(.connectionComplete) = $0 { true } else { false } })
        let peripheralOutcome = try await peripheral.drainEvents()
        #expect(peripheralOutcome.isEmpty)
    }

    @Test("The central hears LE Enhanced Connection Complete when it unmasked it")
    func enhancedConnectionCompleteReported() async throws {
        let mask = TestHost.leEventMask | TestHost.mask(.enhancedConnectionComplete)
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first, leEventMask: mask)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await peripheral.advertise()
        _ = try await central.start(central.createConnection(to: Addresses.second))
        #expect(try await central.expectConnectionComplete().subevent == .enhancedConnectionComplete)
        #expect(try await peripheral.expectConnectionComplete().subevent == .connectionComplete)
    }

    @Test("Legacy advertising stops when a connection forms")
    func advertisingStopsOnConnection() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.third)
        _ = try await central.connect(to: peripheral)
        try await scanner.scan()
        #expect(try await scanner.drainEvents().isEmpty)
    }

    @Test("Create Connection stays pending until the advertiser appears")
    func pendingUntilAdvertiserAppears() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        #expect(try await central.start(central.createConnection(to: Addresses.second)) == .success)
        clock.advance(by: .seconds(60))
        #expect(try await central.drainEvents().isEmpty)
        #expect(
            try await central.start(central.createConnection(to: Addresses.second)) == .commandDisallowed,
            "one pending create at a time")
        try await peripheral.advertise()
        #expect(try await central.expectConnectionComplete().status == .success)
        #expect(try await peripheral.expectConnectionComplete().role == .peripheral)
    }

    @Test(
        "Create Connection Cancel answers Command Complete, then a connection complete with Unknown Connection Identifier"
    )
    func cancelPendingConnection() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        #expect(try await central.start(central.createConnection(to: Addresses.second)) == .success)
        try await central.send(.command(HCICommandPacket(LECreateConnectionCancelCommand())))
        let events = try await central.drainEvents()
        guard events.count == 2, case .commandComplete(let complete) = events[0],
            case .leMeta(.connectionComplete(let failed)) = events[1]
        else {
            Issue.record("expected Command Complete then LE Connection Complete, got \(events)")
            return
        }
        #expect(complete.opcode == LECreateConnectionCancelCommand.opcode && complete.status == .success)
        #expect(failed.status == .unknownConnectionIdentifier)
        #expect(try await central.status(of: LECreateConnectionCancelCommand()) == .commandDisallowed)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await peripheral.advertise()
        #expect(try await peripheral.drainEvents().isEmpty, "the cancelled attempt does not connect later")
    }

    @Test("A second Create Connection to a connected peer fails with Connection Already Exists")
    func connectionAlreadyExists() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        _ = try await central.connect(to: peripheral)
        #expect(try await central.start(central.createConnection(to: Addresses.second)) == .connectionAlreadyExists)
    }

    @Test("A controller holds several connections up to its limit; beyond it Connection Limit Exceeded")
    func connectionLimit() async throws {
        let central = try await TestHost.make(
            on: air, configuration: .init(maximumConnections: 2), randomAddress: Addresses.first)
        let peripherals = [
            try await TestHost.make(on: air, randomAddress: Addresses.second),
            try await TestHost.make(on: air, randomAddress: Addresses.third),
        ]
        for peripheral in peripherals {
            _ = try await central.connect(to: peripheral)
        }
        #expect(try await central.start(central.createConnection(to: Addresses.fourth)) == .connectionLimitExceeded)
        let single = try await TestHost.make(
            on: air, configuration: .init(maximumConnections: 1), randomAddress: Addresses.fourth)
        _ = try await single.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0xA0, advertisingIntervalMax: 0xA0, advertisingType: .connectableUndirected,
                ownAddressType: .random, peerAddressType: .public, peerAddress: .zero, advertisingChannelMap: 7,
                advertisingFilterPolicy: 0))
        let other = try await TestHost.make(on: air, randomAddress: BluetoothAddress(rawValue: 0xC1_00_00_00_00_05))
        _ = try await other.connect(to: single)
        #expect(
            try await single.status(of: LESetAdvertisingEnableCommand(enable: true)) == .connectionLimitExceeded)
    }

    @Test("By default a controller holds 32 links; the 33rd Create Connection gets Connection Limit Exceeded")
    func thirtyTwoLinksByDefault() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        var handles: Set<ConnectionHandle> = []
        for index in 0..<32 {
            let peripheral = try await TestHost.make(
                on: air, randomAddress: BluetoothAddress(rawValue: 0xC2_00_00_00_00_00 + UInt64(index)))
            handles.insert(try await central.connect(to: peripheral).central)
        }
        #expect(handles.count == 32)
        #expect(try await central.start(central.createConnection(to: Addresses.fourth)) == .connectionLimitExceeded)
    }

    @Test("A peripheral advertises again while connected and takes a second central")
    func peripheralWithTwoCentrals() async throws {
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let first = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let second = try await TestHost.make(on: air, randomAddress: Addresses.third)
        let a = try await first.connect(to: peripheral)
        let b = try await second.connect(to: peripheral)
        #expect(a.peripheral != b.peripheral)
    }

    @Test(
        "Disconnect: the initiator hears Connection Terminated By Local Host, the peer the reason given",
        arguments: [true, false])
    func disconnectFromEitherSide(fromCentral: Bool) async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let handles = try await central.connect(to: peripheral)
        let (initiator, peer) = fromCentral ? (central, peripheral) : (peripheral, central)
        let initiatorHandle = fromCentral ? handles.central : handles.peripheral
        let peerHandle = fromCentral ? handles.peripheral : handles.central
        let status = try await initiator.start(
            DisconnectCommand(handle: initiatorHandle, reason: .remoteUserTerminatedConnection))
        #expect(status == .success)
        let local = try await initiator.expectDisconnection()
        let remote = try await peer.expectDisconnection()
        #expect(local.handle == initiatorHandle && local.reason == .connectionTerminatedByLocalHost)
        #expect(remote.handle == peerHandle && remote.reason == .remoteUserTerminatedConnection)
        #expect(
            try await initiator.start(
                DisconnectCommand(handle: initiatorHandle, reason: .remoteUserTerminatedConnection))
                == .unknownConnectionIdentifier)
    }

    @Test("Disconnect with a reason the spec does not allow gets Invalid HCI Command Parameters")
    func disconnectReasonChecked() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let handles = try await central.connect(to: peripheral)
        #expect(
            try await central.start(DisconnectCommand(handle: handles.central, reason: .connectionTimeout))
                == .invalidCommandParameters)
    }

    @Test("High duty cycle directed advertising times out after 1.28 s with Advertising Timeout")
    func highDutyDirectedTimesOut() async throws {
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.first)
        try await peripheral.advertise(.connectableHighDutyDirected, directedAt: Addresses.second)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(1280))
        let outcome = try await peripheral.expectConnectionComplete()
        #expect(outcome.status == .advertisingTimeout && outcome.role == .peripheral)
    }

    @Test("Directed advertising connects only the central it is aimed at")
    func directedConnectsOnlyTarget() async throws {
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let stranger = try await TestHost.make(on: air, randomAddress: Addresses.third)
        let target = try await TestHost.make(on: air, randomAddress: Addresses.second)
        _ = try await stranger.start(stranger.createConnection(to: Addresses.first))
        try await peripheral.advertise(.connectableLowDutyDirected, directedAt: Addresses.second)
        #expect(try await stranger.drainEvents().isEmpty)
        _ = try await target.start(target.createConnection(to: Addresses.first))
        #expect(try await target.expectConnectionComplete().status == .success)
        #expect(try await peripheral.expectConnectionComplete().peerAddress == Addresses.second)
    }

    @Test("Initiating with the filter accept list connects to any advertiser on it")
    func initiatorFilterAcceptList() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        _ = try await central.execute(
            LEAddDeviceToFilterAcceptListCommand(addressType: .random, address: Addresses.second))
        var command = central.createConnection(to: .zero)
        command.initiatorFilterPolicy = 1
        #expect(try await central.start(command) == .success)
        #expect(
            try await central.status(of: LEClearFilterAcceptListCommand()) == .commandDisallowed,
            "the list is in use")
        try await peripheral.advertise()
        #expect(try await central.expectConnectionComplete().peerAddress == Addresses.second)
    }

    @Test("Extended Create Connection connects to a connectable extended advertising set, which then terminates")
    func extendedConnection() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: nil)
        try await peripheral.extendedAdvertise(
            handle: 1, properties: [.connectable], address: Addresses.second, data: [1])
        let p = TestHost.defaultParameters
        let command = LEExtendedCreateConnectionCommand(
            initiatorFilterPolicy: 0, ownAddressType: .random, peerAddressType: .random, peerAddress: Addresses.second,
            initiatingPHYs: .le1M,
            phys: [
                .init(
                    scanInterval: 0x60, scanWindow: 0x30, connectionIntervalMin: p.intervalMin,
                    connectionIntervalMax: p.intervalMax, maxLatency: p.latency, supervisionTimeout: p.timeout,
                    minCELength: 0, maxCELength: 0)
            ])
        #expect(try await central.start(command) == .success)
        #expect(try await central.expectConnectionComplete().peerAddress == Addresses.second)
        let outcome = try await peripheral.expectConnectionComplete()
        let terminated = try await peripheral.expectLE { event in
            if case .advertisingSetTerminated(let e) = event { return e }
            return nil
        }
        #expect(terminated.status == .success && terminated.advertisingHandle == 1)
        #expect(terminated.handle == outcome.handle)
    }
}
