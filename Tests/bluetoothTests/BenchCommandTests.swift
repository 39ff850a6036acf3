import Foundation
import Testing

@Suite("bluetooth bench, run as an executable", .timeLimit(.minutes(2)))
struct BenchCommandTests {
    @Test("bench runs every benchmark to completion and reports each as a JSON line")
    func everyBenchmarkRuns() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--count", "20", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
        }
        #expect(lines.compactMap { $0["step"] } == ["discover", "read", "write", "notify", "write-without-response"])
        #expect(lines.dropFirst().allSatisfy { $0["operations"] == "20" })
    }

    @Test("bench refuses an unknown benchmark as a usage error")
    func unknownBenchmark() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--only", "teleport"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("unknown benchmark 'teleport'"))
    }
}
