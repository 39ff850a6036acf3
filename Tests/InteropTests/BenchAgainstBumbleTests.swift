import Foundation
import Testing

@Suite("bluetooth bench against Bumble", .bumbleInstalledOrCI, .oneInteropTestAtATime, .timeLimit(.minutes(10)))
struct BenchAgainstBumbleTests {
    @Test("bench --against-bumble runs each workload on Bumble too and reports both measurements and the ratio")
    func benchAgainstBumble() async throws {
        try requireBumble()
        let tool = try ExploreAgainstBumbleTests.tool()
        let bench = try await PythonProcess.run(
            "exec_tool.py",
            arguments: [
                tool, "bench", "--only", "read", "--only", "notify", "--count", "30", "--against-bumble", "--json",
            ],
            timeout: .seconds(120))
        #expect(bench.succeeded, "\(bench.transcript)")
        let lines = bench.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.compactMap { $0["step"] as? String } == ["read", "notify"], "\(bench.transcript)")
        for line in lines {
            let ours = try #require((line["opsPerSecond"] as? NSNumber)?.doubleValue)
            let bumble = try #require((line["bumbleOpsPerSecond"] as? NSNumber)?.doubleValue, "\(line)")
            let speedup = try #require((line["speedupOverBumble"] as? NSNumber)?.doubleValue)
            #expect(ours > 0 && bumble > 0)
            #expect(abs(speedup - ours / bumble) <= 0.05 * speedup + 0.01, "\(line)")
        }
        let notify = try #require(lines.last)
        #expect(notify["bumbleMicrosecondsPerOp"] != nil && notify["bumbleKilobytesPerSecond"] != nil)
    }
}
