import Foundation

/// One benchmark's measurement: how many operations of how many bytes took how long.
struct BenchResult: Sendable {
    let name: String
    let operations: Int
    let bytesPerOperation: Int
    let elapsed: Duration

    var seconds: Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    var operationsPerSecond: Double { Double(operations) / seconds }

    var kilobytesPerSecond: Double { Double(operations * bytesPerOperation) / seconds / 1000 }

    var microsecondsPerOperation: Double { seconds * 1e6 / Double(operations) }

    /// Operations per second, as printed.
    var rateText: String { String(format: "%.0f", operationsPerSecond) }

    /// Microseconds per operation, as printed.
    var latencyText: String { String(format: "%.1f", microsecondsPerOperation) }

    /// Kilobytes per second, as printed.
    var throughputText: String { String(format: "%.1f", kilobytesPerSecond) }

    /// Rate, latency and (for operations that carry bytes) throughput, as one phrase.
    var summary: String {
        "\(rateText) ops/s, \(latencyText) µs/op" + (bytesPerOperation > 0 ? ", \(throughputText) kB/s" : "")
    }

    /// The measurement as the JSON fields `bluetooth bench --json` prints, every one a number (rounded as printed).
    var fields: [String: Any] {
        [
            "operations": operations, "opsPerSecond": operationsPerSecond.rounded(),
            "microsecondsPerOp": (microsecondsPerOperation * 10).rounded() / 10,
            "bytesPerOp": bytesPerOperation, "kilobytesPerSecond": (kilobytesPerSecond * 10).rounded() / 10,
        ]
    }
}
