import Foundation
import HCI

/// The crowd benchmark: a `bluetooth sim` child process holds many advertisers (bare HCI clients over TCP,
/// each advertising non-connectable legacy PDUs), and one passive scanner with duplicates on counts the
/// reports it gets; the sim's CPU time is read from /proc over the same window.
enum CrowdBench {
    /// What one run measured.
    struct Result {
        var advertisers: Int
        var interval: Duration
        var window: Duration
        var reports: Int
        /// Advertisers heard at least once in the window.
        var seen: Int
        var simCPU: Duration

        /// Reports the air should deliver per second: one per advertiser per interval.
        var expectedPerSecond: Double { Double(advertisers) / interval.seconds }
        var reportsPerSecond: Double { Double(reports) / window.seconds }
        /// The sim's share of one core.
        var simLoad: Double { simCPU.seconds / window.seconds }

        var summary: String {
            String(
                format: "%d advertisers at %.0f ms: %.0f reports/s (%.1f%% of %.0f), %d/%d seen, sim %.0f%% of a core",
                advertisers, interval.seconds * 1000, reportsPerSecond, 100 * reportsPerSecond / expectedPerSecond,
                expectedPerSecond, seen, advertisers, simLoad * 100)
        }

        var fields: [String: String] {
            [
                "advertisers": String(advertisers), "intervalMs": String(format: "%.0f", interval.seconds * 1000),
                "reportsPerSecond": String(format: "%.0f", reportsPerSecond),
                "expectedPerSecond": String(format: "%.0f", expectedPerSecond),
                "deliveredPercent": String(format: "%.1f", 100 * reportsPerSecond / expectedPerSecond),
                "seen": String(seen), "simCorePercent": String(format: "%.1f", simLoad * 100),
            ]
        }
    }

    /// Runs the crowd on a fresh sim of `timing` and measures it for `window` after a one-second settling time.
    static func run(advertisers: Int, interval: Duration, window: Duration, air: String) async throws -> Result {
        let sim = try SimProcess(arguments: ["--air", air])
        defer { sim.stop() }
        let spec = try TransportSpec(parsing: "tcp:127.0.0.1:\(sim.port)")
        var crowd: [any HCITransport] = []
        for start in stride(from: 0, to: advertisers, by: 8) {
            let batch = try await withThrowingTaskGroup(of: (any HCITransport).self) { group in
                for index in start..<min(start + 8, advertisers) {
                    group.addTask { try await advertiser(index, on: spec, interval: interval) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            crowd += batch
        }
        let scanner = HCIClient(try await spec.open())
        try await scanner.execute(ResetCommand())
        try await scanner.execute(SetEventMaskCommand(eventMask: 1 << 61))
        try await scanner.execute(LESetEventMaskCommand(leEventMask: 1 << 1))
        try await scanner.execute(
            LESetScanParametersCommand(
                scanType: .passive, scanInterval: 0x0010, scanWindow: 0x0010, ownAddressType: .public,
                scanningFilterPolicy: 0))
        try await scanner.execute(LESetScanEnableCommand(enable: true, filterDuplicates: false))
        let clock = ContinuousClock()
        let settled = clock.now.advanced(by: .seconds(1))
        let end = settled.advanced(by: window)
        var reports = 0
        var seen: Set<BluetoothAddress> = []
        var cpuAtStart: Duration?
        let scannerTransport = scanner.transport
        let watchdog = Task {
            try await Task.sleep(until: end.advanced(by: .seconds(2)), clock: clock)
            await scannerTransport.close()
        }
        defer { watchdog.cancel() }
        while let packet = try await scanner.next() {
            let now = clock.now
            if now >= end { break }
            guard now >= settled else { continue }
            if cpuAtStart == nil { cpuAtStart = sim.cpuTime }
            guard case .event(let raw) = packet, case .leMeta(.advertisingReport(let event))? = try? KnownEvent(raw)
            else { continue }
            reports += event.reports.count
            for report in event.reports { seen.insert(report.address) }
        }
        let cpu = sim.cpuTime - (cpuAtStart ?? .zero)
        await scanner.transport.close()
        for transport in crowd { await transport.close() }
        return Result(
            advertisers: advertisers, interval: interval, window: window, reports: reports, seen: seen.count,
            simCPU: cpu)
    }

    /// One advertiser: a fresh controller on the sim sending ADV_NONCONN_IND from its own static address.
    private static func advertiser(
        _ index: Int, on spec: TransportSpec, interval: Duration
    ) async throws -> any HCITransport {
        let client = HCIClient(try await spec.open())
        try await client.execute(ResetCommand())
        try await client.execute(
            LESetRandomAddressCommand(randomAddress: BluetoothAddress(rawValue: 0xC0DE_0000_0000 + UInt64(index))))
        let units = UInt16(clamping: Int((interval.seconds * 1600).rounded()))
        try await client.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: units, advertisingIntervalMax: units,
                advertisingType: .nonConnectableUndirected,
                ownAddressType: .random, peerAddressType: .public, peerAddress: .zero, advertisingChannelMap: 0x07,
                advertisingFilterPolicy: 0))
        let name = Array("crowd \(index)".utf8)
        try await client.execute(
            LESetAdvertisingDataCommand(data: [0x02, 0x01, 0x04, UInt8(name.count + 1), 0x09] + name))
        try await client.execute(LESetAdvertisingEnableCommand(enable: true))
        return client.transport
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
