import HCI
import Testing

@testable import VirtualRadio

@Suite("A timed air: connection events, supervision timeout and instants on an injected clock", .timeLimit(.minutes(1)))
struct TimedAirTests {
    let clock = ManualClock()
    let air: Air

    init() {
        air = Air(clock: clock, timing: .timed, timerResolution: .zero)
    }

    /// A connection formed at time zero: 30 ms interval, 5 s supervision timeout, first anchor at 1.25 ms.
    func connected() async throws -> (
        central: TestHost, peripheral: TestHost, handles: (ConnectionHandle, ConnectionHandle)
    ) {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let handles = try await central.connect(to: peripheral)
        _ = try await central.drain()
        _ = try await peripheral.drain()
        return (central, peripheral, (handles.central, handles.peripheral))
    }

    @Test("Data waits for the next anchor point; the sender's buffer is freed when the peer acknowledged it")
    func dataAtAnchor() async throws {
        let (central, peripheral, handles) = try await connected()
        try await central.send(.acl(ACLDataPacket(handle: handles.0, boundary: .firstNonFlushable, data: [1, 2, 3])))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .microseconds(1000))
        await clock.waitForSleepers(count: 1)
        #expect(try await peripheral.drain().isEmpty)
        #expect(try await central.drain().isEmpty)
        clock.advance(by: .microseconds(250))
        let data = try await peripheral.expectACL()
        #expect(data.handle == handles.1 && data.data == [1, 2, 3])
        let completed = try await central.expect { event in
            if case .numberOfCompletedPackets(let e) = event { return e }
            return nil
        }
        #expect(completed.entries.first?.handle == handles.0)
    }

    @Test("A peer that vanishes is dropped with Connection Timeout (0x08) once the supervision timeout passed")
    func supervisionTimeout() async throws {
        let (central, peripheral, handles) = try await connected()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(2))
        await peripheral.controller.close()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(4990))
        await clock.waitForSleepers(count: 1)
        #expect(try await central.drainEvents().isEmpty, "not before the timeout")
        clock.advance(by: .milliseconds(30))
        let lost = try await central.expectDisconnection()
        #expect(lost.handle == handles.0 && lost.reason == .connectionTimeout)
    }

    @Test("A connection update takes effect at its instant, six events on, and the hosts hear it then")
    func updateAtInstant() async throws {
        let (central, _, handles) = try await connected()
        #expect(
            try await central.start(
                LEConnectionUpdateCommand(
                    handle: handles.0, connectionIntervalMin: 0x50, connectionIntervalMax: 0x50, maxLatency: 0,
                    supervisionTimeout: 0x01F4, minCELength: 0, maxCELength: 0)) == .success)
        await clock.waitForSleepers(count: 1)
        // Event 6 of the old 30 ms interval is at 181.25 ms.
        clock.advance(by: .milliseconds(181))
        await clock.waitForSleepers(count: 1)
        #expect(try await central.drainEvents().isEmpty)
        clock.advance(by: .microseconds(250))
        let update = try await central.expectLE { event in
            if case .connectionUpdateComplete(let e) = event { return e }
            return nil
        }
        #expect(update.status == .success && update.connectionInterval == 0x50)
    }

    @Test("A PHY update to LE Coded takes effect at its instant; Read PHY tells the old PHY until then")
    func phyAtInstant() async throws {
        let (central, _, handles) = try await connected()
        #expect(
            try await central.start(
                LESetPHYCommand(handle: handles.0, allPHYs: 0, txPHYs: .leCoded, rxPHYs: .leCoded, phyOptions: 2))
                == .success)
        #expect(try await central.execute(LEReadPHYCommand(handle: handles.0)).txPHY == .le1M)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(182))
        let update = try await central.expectLE { event in
            if case .phyUpdateComplete(let e) = event { return e }
            return nil
        }
        #expect(update.txPHY == .leCoded && update.rxPHY == .leCoded)
        #expect(try await central.execute(LEReadPHYCommand(handle: handles.0)).txPHY == .leCoded)
    }

    @Test("A data length update applies once LL_LENGTH_REQ and RSP went in the next event: from the event after it")
    func dataLengthAfterExchange() async throws {
        let (central, peripheral, handles) = try await connected()
        #expect(
            try await central.execute(LESetDataLengthCommand(handle: handles.0, txOctets: 251, txTime: 2120)).handle
                == handles.0)
        let packet = ACLDataPacket(
            handle: handles.0, boundary: .firstNonFlushable, data: Array(repeating: 7, count: 100))
        try await central.send(.acl(packet))
        await clock.waitForSleepers(count: 1)
        // Event 0 at 1.25 ms holds the exchange and still carries 27 octets per PDU.
        clock.advance(by: .microseconds(1250))
        var sizes: [Int] = []
        for _ in 0..<4 { sizes.append(try await peripheral.expectACL().data.count) }
        #expect(sizes == [27, 27, 27, 19])
        let early = try await central.drainEvents()
        #expect(!early.contains { if case .leMeta(.dataLengthChange) = $0 { true } else { false } })
        await clock.waitForSleepers(count: 1)
        // Event 1 at 31.25 ms: the new length is in force and both hosts hear it.
        clock.advance(by: .milliseconds(30))
        let change = try await central.expectLE { event in
            if case .dataLengthChange(let e) = event { return e }
            return nil
        }
        #expect(change.maxTxOctets == 251 && change.maxRxOctets == 27)
        let remote = try await peripheral.expectLE { event in
            if case .dataLengthChange(let e) = event { return e }
            return nil
        }
        #expect(remote.maxRxOctets == 251 && remote.maxTxOctets == 27)
        try await central.send(.acl(packet))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(30))
        #expect(try await peripheral.expectACL().data.count == 100)
    }

    @Test("Total loss set on a running air ends the link by supervision timeout, not before")
    func totalLossTimesOut() async throws {
        let (central, peripheral, handles) = try await connected()
        await air.setLoss(packetErrorRate: 1, seed: 42)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(4990))
        await clock.waitForSleepers(count: 1)
        #expect(try await central.drainEvents().isEmpty, "not before the timeout")
        clock.advance(by: .milliseconds(30))
        let lost = try await central.expectDisconnection()
        #expect(lost.handle == handles.0 && lost.reason == .connectionTimeout)
        #expect(try await peripheral.expectDisconnection().reason == .connectionTimeout)
    }
}
