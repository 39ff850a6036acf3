import HCI
import Testing

@testable import VirtualRadio

@Suite("Advertising on three channels and scanning by window and interval", .timeLimit(.minutes(1)))
struct ScanWindowTests {
    let clock = ManualClock()
    let air: Air

    init() {
        air = Air(clock: clock, timing: .timed, timerResolution: .zero)
    }

    /// ADV_NONCONN_IND without data on all three channels.
    static let nonconnectable = AdvertisingSet(
        properties: [.legacy], intervalMin: 0xA0, ownAddressType: .random,
        peer: DeviceAddress(type: .public, address: .zero), filterPolicy: 0, txPower: 0, primaryPHY: .le1M,
        secondaryPHY: .le1M, sid: 0, scanRequestNotification: false)

    @Test("An event sends on 37, 38 and 39 in turn, each PDU's airtime apart plus the advertiser's listening")
    func eventOnThreeChannels() {
        let plain = AdvertisingTransmission.event(of: Self.nonconnectable, at: .milliseconds(5))
        // 6 octets of AdvA: (10 + 6) × 8 = 128 µs on air, then T_IFS.
        #expect(plain.map(\.channel) == [.ch37, .ch38, .ch39])
        #expect(plain.map(\.start) == [5000, 5278, 5556].map { Duration.microseconds($0) })
        #expect(plain.map(\.end) == [5128, 5406, 5684].map { Duration.microseconds($0) })
        var connectable = Self.nonconnectable
        connectable.properties = [.legacy, .connectable, .scannable]
        connectable.data = Array(repeating: 0, count: 31)
        connectable.channelMap = 0x05
        let listening = AdvertisingTransmission.event(of: connectable, at: .zero)
        // 37 octets: 376 µs; then T_IFS and a CONNECT_IND (352 µs).
        #expect(listening.map(\.channel) == [.ch37, .ch39])
        #expect(listening.map(\.start) == [0, 878].map { Duration.microseconds($0) })
    }

    @Test("A scanner listens on 37, 38, 39 in turn, one per interval, and hears only PDUs wholly inside a window")
    func windowAndRotation() {
        let scanner = ScanWindow(start: .milliseconds(10), interval: 0xA0, window: 0x10)
        func pdu(
            _ channel: AdvertisingChannel, _ startMicroseconds: Int64, _ lengthMicroseconds: Int64 = 128
        )
            -> AdvertisingTransmission
        {
            let start = Duration.microseconds(startMicroseconds)
            return AdvertisingTransmission(
                channel: channel, start: start, end: start + .microseconds(lengthMicroseconds))
        }
        #expect(scanner.hears(pdu(.ch37, 10_000)))
        #expect(!scanner.hears(pdu(.ch37, 9_900)), "before scanning began")
        #expect(!scanner.hears(pdu(.ch38, 10_000)), "another channel")
        #expect(scanner.hears(pdu(.ch37, 19_872)), "ends as the window closes")
        #expect(!scanner.hears(pdu(.ch37, 19_900)), "ends after the window closed")
        #expect(!scanner.hears(pdu(.ch37, 50_000)), "between windows")
        #expect(scanner.hears(pdu(.ch38, 110_000)) && !scanner.hears(pdu(.ch37, 110_000)))
        #expect(scanner.hears(pdu(.ch39, 210_000)))
        #expect(scanner.hears(pdu(.ch37, 310_000)))
    }

    /// An advertiser with one channel, enabled now: its first event is at once.
    func advertise(_ host: TestHost, channelMap: UInt8) async throws {
        _ = try await host.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0x00A0, advertisingIntervalMax: 0x00A0,
                advertisingType: .nonConnectableUndirected,
                ownAddressType: .random, peerAddressType: .random, peerAddress: .zero,
                advertisingChannelMap: channelMap, advertisingFilterPolicy: 0))
        _ = try await host.execute(LESetAdvertisingEnableCommand(enable: true))
        _ = try await host.execute(LESetAdvertisingEnableCommand(enable: false))
    }

    func reports(_ host: TestHost) async throws -> Int {
        try await host.drainEvents().reduce(0) { count, event in
            guard case .leMeta(let meta) = event, case .advertisingReport(let e) = meta else { return count }
            return count + e.reports.count
        }
    }

    @Test("An advertising PDU outside the scanner's window, or on another channel, is not heard")
    func outsideWindow() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        // 100 ms intervals, 2.5 ms windows: 37 at 0 ms, 38 at 100 ms, 39 at 200 ms, 37 at 300 ms.
        try await scanner.scan(interval: 0xA0, window: 0x04)
        try await advertise(advertiser, channelMap: 0x07)
        #expect(try await reports(scanner) == 1, "the PDU on 37 at 0 ms")
        clock.advance(by: .milliseconds(5))
        try await advertise(advertiser, channelMap: 0x07)
        #expect(try await reports(scanner) == 0, "at 5 ms the window has closed")
        clock.advance(by: .milliseconds(95))
        try await advertise(advertiser, channelMap: 0x01)
        #expect(try await reports(scanner) == 0, "at 100 ms the scanner listens on 38")
        try await advertise(advertiser, channelMap: 0x02)
        #expect(try await reports(scanner) == 1)
        clock.advance(by: .milliseconds(200))
        try await advertise(advertiser, channelMap: 0x01)
        #expect(try await reports(scanner) == 1, "at 300 ms it is back on 37")
    }

    @Test("A scanner listening all the time misses an event only when its switch from 39 back to 37 falls inside it")
    func continuousWindowSwitches() {
        let continuous = ScanWindow(start: .zero, interval: 0x10, window: 0x10)
        func heard(startingAt microseconds: Int64) -> Int {
            AdvertisingTransmission.event(of: Self.nonconnectable, at: .microseconds(microseconds))
                .count(where: continuous.hears)
        }
        #expect(heard(startingAt: 9_800) == 2, "37 before the switch to 38 at 10 ms, then 38")
        #expect(heard(startingAt: 19_800) == 1, "38 ends after the switch to 39 at 20 ms; 39 is heard")
        #expect(heard(startingAt: 29_500) == 0, "37 and 38 go out while it listens on 39, 39 once it is on 37")
        #expect(heard(startingAt: 30_000) == 1)
    }

    @Test("A scanner whose window is its interval hears every event on its channel; a 10% window hears fewer")
    func continuousScanning() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let continuous = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let sparse = try await TestHost.make(on: air, randomAddress: Addresses.third)
        // One 10.24 s window on 37 outlasts the 20 events (about 2.1 s): no channel switch falls inside an event,
        // which is the one way a scanner listening all the time misses one (continuousWindowSwitches).
        try await continuous.scan(interval: 0x4000, window: 0x4000)
        try await sparse.scan(interval: 0xA0, window: 0x10)
        try await advertiser.extendedAdvertise(
            handle: 0, properties: [.legacy], address: Addresses.first, maxEvents: 20)
        var heard = (continuous: 0, sparse: 0)
        var sent: Int?
        while sent == nil {
            try Task.checkCancellation()
            if try await reports(continuous) > 0 { heard.continuous += 1 }
            if try await reports(sparse) > 0 { heard.sparse += 1 }
            for event in try await advertiser.drainEvents() {
                if case .leMeta(.advertisingSetTerminated(let e)) = event {
                    sent = Int(e.numCompletedExtendedAdvertisingEvents)
                }
            }
            clock.advance(by: .milliseconds(20))
            // The air's timer task sleeps again only once everything that came due is in the hosts' queues;
            // after the last event it sleeps until the deadline the ended set's timer leaves in the queue.
            await clock.waitForSleepers(count: 1)
        }
        #expect(sent == 20)
        #expect(heard.continuous == 20)
        #expect(heard.sparse < 20)
    }
}
