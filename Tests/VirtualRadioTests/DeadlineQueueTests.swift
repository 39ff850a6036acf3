import HCI
import Testing

@testable import VirtualRadio

@Suite("The air's deadline queue and listener sets", .timeLimit(.minutes(1)))
struct DeadlineQueueTests {
    static func entry(_ milliseconds: Int64, token: UInt64) -> DeadlineQueue.Entry {
        .init(
            deadline: .milliseconds(milliseconds), token: token,
            owner: .controller(ControllerID(rawValue: token), .scanDuration))
    }

    @Test("Deadlines come out earliest first, ties in the order they were scheduled")
    func ordering() {
        var queue = DeadlineQueue()
        var generator = SeededGenerator(seed: 7)
        var expected: [(Int64, UInt64)] = []
        for token in 1...500 as ClosedRange<UInt64> {
            let deadline = Int64.random(in: 0...50, using: &generator)
            queue.insert(Self.entry(deadline, token: token))
            expected.append((deadline, token))
        }
        expected.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var popped: [(Int64, UInt64)] = []
        while let entry = queue.removeFirst() {
            popped.append((entry.deadline.nanoseconds / 1_000_000, entry.token))
        }
        #expect(popped.map(\.0) == expected.map(\.0))
        #expect(popped.map(\.1) == expected.map(\.1))
        #expect(queue.isEmpty)
    }

    @Test("The listener sets keep each controller once, in joining order")
    func listenerSets() {
        let listeners = Listeners()
        for raw in [5, 1, 3, 5, 2] as [UInt64] { listeners.setScanning(ControllerID(rawValue: raw), true) }
        listeners.setScanning(ControllerID(rawValue: 3), false)
        listeners.setScanning(ControllerID(rawValue: 4), false)
        listeners.setInitiating(ControllerID(rawValue: 9), true)
        #expect(listeners.scanning.map(\.rawValue) == [1, 2, 5])
        #expect(listeners.initiating.map(\.rawValue) == [9])
    }

    @Test("Only scanning controllers hear advertising: one that stops scanning hears nothing more")
    func stoppedScannerHearsNothing() async throws {
        let clock = ManualClock()
        let air = Air(clock: clock)
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await scanner.scan()
        try await advertiser.advertise(.nonConnectableUndirected)
        _ = try await scanner.expectReport()
        _ = try await scanner.execute(LESetScanEnableCommand(enable: false, filterDuplicates: false))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(100))
        await clock.waitForSleepers(count: 1)
        #expect(try await scanner.drainEvents().isEmpty)
        try await scanner.scan()
        _ = try await scanner.expectReport()
    }

    @Test("Reports heard at once reach a scanner in one LE Advertising Report event")
    func reportsCombined() async throws {
        let air = Air(clock: ManualClock())
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.fourth)
        for address in [Addresses.first, Addresses.second, Addresses.third] {
            let advertiser = try await TestHost.make(on: air, randomAddress: address)
            try await advertiser.advertise(.nonConnectableUndirected, data: [0x02, 0x01, 0x04])
        }
        try await scanner.scan()
        let events = try await scanner.drainEvents().compactMap { event -> LEAdvertisingReportEvent? in
            if case .leMeta(.advertisingReport(let e)) = event { return e }
            return nil
        }
        #expect(events.count == 1)
        #expect(events.first?.reports.map(\.address) == [Addresses.first, Addresses.second, Addresses.third])
    }
}
