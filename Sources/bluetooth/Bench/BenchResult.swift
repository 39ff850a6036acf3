import Foundation

/// One benchmark's measurement: how many operations of how many bytes took how long, the CPU time the
/// measuring process used meanwhile, and each round trip's latency where operations are round trips.
struct BenchResult: Sendable {
    let name: String
    let operations: Int
    let bytesPerOperation: Int
    let elapsed: Duration
    /// CPU seconds (user and system) the host process used during the run.
    let cpuSeconds: Double
    /// Each operation's round-trip time, sorted; empty for streams (notifications, writes without response).
    let latencies: [Duration]
    /// The ACL buffers the central's controller gave its host (LE Read Buffer Size), which bound a stream's
    /// packets in flight; nil where not known (Bumble's runs, on the same controllers as ours).
    var aclBuffers: (count: Int, length: Int)?

    init(
        name: String, operations: Int, bytesPerOperation: Int, elapsed: Duration, cpuSeconds: Double,
        latencies: [Duration] = []
    ) {
        self.name = name
        self.operations = operations
        self.bytesPerOperation = bytesPerOperation
        self.elapsed = elapsed
        self.cpuSeconds = cpuSeconds
        self.latencies = latencies.sorted()
    }

    var seconds: Double { elapsed.seconds }

    var operationsPerSecond: Double { Double(operations) / seconds }

    var kilobytesPerSecond: Double { Double(operations * bytesPerOperation) / seconds / 1000 }

    /// CPU microseconds the host process spent per operation.
    var cpuMicrosecondsPerOperation: Double { cpuSeconds * 1e6 / Double(operations) }

    /// The latency below which `fraction` of round trips fell, in microseconds; nil for streams.
    func latencyPercentile(_ fraction: Double) -> Double? {
        guard !latencies.isEmpty else { return nil }
        let index = min(latencies.count - 1, Int((Double(latencies.count) * fraction).rounded(.up)) - 1)
        return latencies[max(0, index)].seconds * 1e6
    }

    /// Rate, latency percentiles, CPU per operation and (for operations that carry bytes) throughput, as one phrase.
    var summary: String {
        var text = String(format: "%.0f ops/s", operationsPerSecond)
        if let p50 = latencyPercentile(0.5), let p99 = latencyPercentile(0.99) {
            text += String(format: ", p50 %.0f µs, p99 %.0f µs", p50, p99)
        }
        text += String(format: ", %.1f CPU µs/op", cpuMicrosecondsPerOperation)
        if bytesPerOperation > 0 { text += String(format: ", %.1f kB/s", kilobytesPerSecond) }
        return text
    }

    /// The controller's ACL buffers as a phrase ("8 ACL buffers of 251 bytes"), if known.
    var buffersPhrase: String? {
        aclBuffers.map { "\($0.count) ACL buffers of \($0.length) bytes" }
    }

    /// The measurement as JSON numbers (latencies null for streams).
    var fields: [String: Any] {
        [
            "operations": operations, "bytesPerOp": bytesPerOperation, "seconds": seconds,
            "opsPerSecond": operationsPerSecond, "kilobytesPerSecond": kilobytesPerSecond,
            "cpuMicrosecondsPerOp": cpuMicrosecondsPerOperation,
            "p50Microseconds": latencyPercentile(0.5) ?? NSNull(),
            "p99Microseconds": latencyPercentile(0.99) ?? NSNull(),
        ]
    }
}
