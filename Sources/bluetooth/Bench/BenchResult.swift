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
}
