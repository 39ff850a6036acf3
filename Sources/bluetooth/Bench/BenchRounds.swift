import Foundation

/// Several runs of one workload on one host, each on a fresh link: the run with the median rate stands for them,
/// so that one run the machine slowed down does not decide a comparison.
struct BenchRounds {
    /// The runs, slowest first.
    let runs: [BenchResult]

    init(_ runs: [BenchResult]) {
        self.runs = runs.sorted { $0.operationsPerSecond < $1.operationsPerSecond }
    }

    /// The run with the median rate (of two middle runs, the slower).
    var median: BenchResult { runs[(runs.count - 1) / 2] }

    /// The median run's summary, with the slowest and fastest rates when there was more than one run.
    var summary: String {
        guard runs.count > 1, let slowest = runs.first, let fastest = runs.last else { return median.summary }
        return median.summary
            + String(
                format: " (median of %d runs, %.0f–%.0f ops/s)", runs.count, slowest.operationsPerSecond,
                fastest.operationsPerSecond)
    }

    /// The median run's fields, with how many runs there were and each one's rate.
    var fields: [String: Any] {
        var fields = median.fields
        fields["runs"] = runs.count
        fields["opsPerSecondOfEachRun"] = runs.map(\.operationsPerSecond)
        return fields
    }
}
