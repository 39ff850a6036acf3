import HCI
import Testing

@testable import VirtualRadio

@Suite("Procedures on an established link", .timeLimit(.minutes(2)))
struct LinkProcedureTests {
    let air = Air(clock: ManualClock())

    private func connectedPair(
        centralMask: UInt64 = TestHost.leEventMask, peripheralMask: UInt64 = TestHost.leEventMask,
        peripheral configuration: VirtualControllerConfiguration = .init()
    ) async throws -> (TestHost, TestHost, (central: ConnectionHandle, peripheral: ConnectionHandle)) {
        let c = try await TestHost.make(on: air, randomAddress: Addresses.first, leEventMask: centralMask)
        let p = try await TestHost.make(
            on: air, configuration: configuration, randomAddress: Addresses.second, leEventMask: peripheralMask)
        let handles = try await c.connect(to: p)
        return (c, p, handles)
    }

    private func update(_ handle: ConnectionHandle, interval: UInt16) -> LEConnectionUpdateCommand {
        LEConnectionUpdateCommand(
            handle: handle, connectionIntervalMin: interval, connectionIntervalMax: interval + 8, maxLatency: 0,
            supervisionTimeout: 0x01F4, minCELength: 0, maxCELength: 0)
    }

    private func expectUpdate(_ host: TestHost) async throws -> LEConnectionUpdateCompleteEvent {
        try await host.expectLE { event in
            if case .connectionUpdateComplete(let e) = event { return e }
            return nil
        }
    }

    @Test("Connection update from the central: Command Status, then Connection Update Complete on both sides")
    func updateFromCentral() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        #expect(try await central.start(update(handles.central, interval: 0x0050)) == .success)
        let local = try await expectUpdate(central)
        let remote = try await expectUpdate(peripheral)
        #expect(local.status == .success && local.handle == handles.central && local.connectionInterval == 0x0050)
        #expect(remote.status == .success && remote.handle == handles.peripheral && remote.connectionInterval == 0x0050)
    }

    @Test("Connection update from the peripheral asks the central's host, whose reply updates both sides")
    func updateFromPeripheralReply() async throws {
        let mask = TestHost.leEventMask | TestHost.mask(.remoteConnectionParameterRequest)
        let (central, peripheral, handles) = try await connectedPair(centralMask: mask)
        #expect(try await peripheral.start(update(handles.peripheral, interval: 0x0030)) == .success)
        let request = try await central.expectLE { event in
            if case .remoteConnectionParameterRequest(let e) = event { return e }
            return nil
        }
        #expect(request.handle == handles.central && request.intervalMin == 0x0030 && request.intervalMax == 0x0038)
        let reply = try await central.execute(
            LERemoteConnectionParameterRequestReplyCommand(
                handle: handles.central, intervalMin: 0x0034, intervalMax: 0x0034, maxLatency: 1, timeout: 0x0200,
                minCELength: 0, maxCELength: 0))
        #expect(reply.handle == handles.central)
        let atPeripheral = try await expectUpdate(peripheral)
        let atCentral = try await expectUpdate(central)
        #expect(atPeripheral.connectionInterval == 0x0034 && atPeripheral.peripheralLatency == 1)
        #expect(atCentral.connectionInterval == 0x0034 && atCentral.supervisionTimeout == 0x0200)
    }

    @Test("A negative reply gives the requesting host Connection Update Complete with the reason as status")
    func updateFromPeripheralRejected() async throws {
        let mask = TestHost.leEventMask | TestHost.mask(.remoteConnectionParameterRequest)
        let (central, peripheral, handles) = try await connectedPair(centralMask: mask)
        _ = try await peripheral.start(update(handles.peripheral, interval: 0x0030))
        _ = try await central.expectLE { event in
            if case .remoteConnectionParameterRequest(let e) = event { return e }
            return nil
        }
        _ = try await central.execute(
            LERemoteConnectionParameterRequestNegativeReplyCommand(
                handle: handles.central, reason: .unacceptableConnectionParameters))
        let rejected = try await expectUpdate(peripheral)
        #expect(rejected.status == .unacceptableConnectionParameters)
        #expect(rejected.connectionInterval == TestHost.defaultParameters.intervalMin)
        #expect(try await central.drainEvents().isEmpty)
        #expect(
            try await central.status(
                of: LERemoteConnectionParameterRequestNegativeReplyCommand(
                    handle: handles.central, reason: .unacceptableConnectionParameters))
                == .commandDisallowed, "no request is pending")
    }

    @Test("Connection update with out-of-range parameters gets Invalid HCI Command Parameters")
    func updateChecksParameters() async throws {
        let (central, _, handles) = try await connectedPair()
        var bad = update(handles.central, interval: 0x0050)
        bad.supervisionTimeout = 0x000A
        #expect(try await central.start(bad) == .invalidCommandParameters)
    }

    @Test("LE Set Data Length changes the data length with LE Data Length Change on both sides")
    func dataLength() async throws {
        let mask = TestHost.leEventMask
        let (central, peripheral, handles) = try await connectedPair(centralMask: mask)
        let reply = try await central.execute(
            LESetDataLengthCommand(handle: handles.central, txOctets: 251, txTime: 17040))
        #expect(reply.handle == handles.central)
        let local = try await central.expectLE { event in
            if case .dataLengthChange(let e) = event { return e }
            return nil
        }
        let remote = try await peripheral.expectLE { event in
            if case .dataLengthChange(let e) = event { return e }
            return nil
        }
        #expect(local.maxTxOctets == 251 && local.maxTxTime == 2120 && local.maxRxOctets == 27)
        #expect(remote.maxRxOctets == 251 && remote.maxRxTime == 2120 && remote.maxTxOctets == 27)
        #expect(
            try await central.status(of: LESetDataLengthCommand(handle: handles.central, txOctets: 252, txTime: 2120))
                == .invalidCommandParameters)
    }

    @Test("A suggested default data length above 27 is applied to new connections, reported on both sides")
    func suggestedDataLengthApplies() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        _ = try await peripheral.execute(
            LEWriteSuggestedDefaultDataLengthCommand(suggestedMaxTxOctets: 251, suggestedMaxTxTime: 2120))
        _ = try await central.connect(to: peripheral)
        let atCentral = try await central.expectLE { event in
            if case .dataLengthChange(let e) = event { return e }
            return nil
        }
        #expect(atCentral.maxRxOctets == 251 && atCentral.maxTxOctets == 27)
    }

    @Test("LE Set PHY moves both directions to 2M, with PHY Update Complete on both sides; LE Read PHY agrees")
    func phyUpdate() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        #expect(try await central.execute(LEReadPHYCommand(handle: handles.central)).txPHY == .le1M)
        let status = try await central.start(
            LESetPHYCommand(handle: handles.central, allPHYs: 0, txPHYs: .le2M, rxPHYs: .le2M, phyOptions: 0))
        #expect(status == .success)
        let local = try await central.expectLE { event in
            if case .phyUpdateComplete(let e) = event { return e }
            return nil
        }
        let remote = try await peripheral.expectLE { event in
            if case .phyUpdateComplete(let e) = event { return e }
            return nil
        }
        #expect(local.status == .success && local.txPHY == .le2M && local.rxPHY == .le2M)
        #expect(remote.handle == handles.peripheral && remote.txPHY == .le2M && remote.rxPHY == .le2M)
        let read = try await peripheral.execute(LEReadPHYCommand(handle: handles.peripheral))
        #expect(read.txPHY == .le2M && read.rxPHY == .le2M)
    }

    @Test("A PHY change the peer's default PHY excludes does not happen; only the initiator hears the outcome")
    func phyUpdateRespectsPeerPreference() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        _ = try await peripheral.execute(LESetDefaultPHYCommand(allPHYs: 0, txPHYs: .le1M, rxPHYs: .le1M))
        let handles = try await central.connect(to: peripheral)
        _ = try await central.start(
            LESetPHYCommand(handle: handles.central, allPHYs: 0, txPHYs: .le2M, rxPHYs: .le2M, phyOptions: 0))
        let outcome = try await central.expectLE { event in
            if case .phyUpdateComplete(let e) = event { return e }
            return nil
        }
        #expect(outcome.txPHY == .le1M && outcome.rxPHY == .le1M)
        #expect(try await peripheral.drainEvents().isEmpty)
        #expect(
            try await central.start(
                LESetPHYCommand(handle: handles.central, allPHYs: 0, txPHYs: .leCoded, rxPHYs: .leCoded, phyOptions: 0))
                == .unsupportedFeatureOrParameterValue)
    }

    @Test("LE Read Remote Features and Read Remote Version Information report the peer's configuration")
    func remoteInformation() async throws {
        let version = VirtualControllerConfiguration.Version(
            lmpVersion: 0x0C, companyIdentifier: 0x05F1, lmpSubversion: 7)
        let (central, _, handles) = try await connectedPair(
            peripheral: .init(leFeatures: [.encryption, .le2MPHY], version: version))
        #expect(try await central.start(LEReadRemoteFeaturesCommand(handle: handles.central)) == .success)
        let features = try await central.expectLE { event in
            if case .readRemoteFeaturesComplete(let e) = event { return e }
            return nil
        }
        #expect(features.status == .success && features.leFeatures == [.encryption, .le2MPHY])
        #expect(try await central.start(ReadRemoteVersionInformationCommand(handle: handles.central)) == .success)
        let remote = try await central.expect { event in
            if case .readRemoteVersionInformationComplete(let e) = event { return e }
            return nil
        }
        #expect(remote.version == 0x0C && remote.companyIdentifier == 0x05F1 && remote.subversion == 7)
        #expect(
            try await central.start(LEReadRemoteFeaturesCommand(handle: ConnectionHandle(rawValue: 0x0100)))
                == .unknownConnectionIdentifier)
    }

    @Test("Read RSSI follows the distance between the two controllers")
    func readRSSI() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        await peripheral.controller.move(to: Position(x: 10, y: 0))
        let rssi = try await central.execute(ReadRSSICommand(handle: handles.central))
        #expect(rssi.handle == handles.central)
        #expect((-62...(-58)).contains(rssi.rssi))
    }

    @Test("Read Transmit Power Level gives the controller's configured power on a link, and refuses an unknown handle")
    func readTransmitPowerLevel() async throws {
        let (central, _, handles) = try await connectedPair()
        let level = try await central.execute(ReadTransmitPowerLevelCommand(handle: handles.central, level: .current))
        #expect(level == .init(handle: handles.central, level: 0))
        await #expect(throws: (any Error).self) {
            try await central.execute(
                ReadTransmitPowerLevelCommand(handle: ConnectionHandle(rawValue: 0x0100), level: .maximum))
        }
    }
}
