import Foundation
import Testing

@Suite("bluetooth bench, run as an executable", .timeLimit(.minutes(2)))
struct BenchCommandTests {
    @Test("bench runs every benchmark --count times, discovery too, and reports each as a JSON line of numbers")
    func everyBenchmarkRuns() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--count", "7", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(
            lines.compactMap { $0["step"] as? String } == [
                "discover", "read", "write", "notify", "write-without-response",
            ])
        #expect(lines.allSatisfy { $0["operations"] as? Int == 7 }, "\(lines)")
        #expect(lines.allSatisfy { $0["opsPerSecond"] is Double || $0["opsPerSecond"] is Int }, "\(lines)")
    }

    @Test("bench refuses an unknown benchmark as a usage error")
    func unknownBenchmark() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--only", "teleport"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("unknown benchmark 'teleport'"))
    }
}
