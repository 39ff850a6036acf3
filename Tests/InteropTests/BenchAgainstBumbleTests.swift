import Foundation
import Testing

@Suite("bluetooth bench against Bumble", .bumbleInstalledOrCI, .oneInteropTestAtATime, .timeLimit(.minutes(10)))
struct BenchAgainstBumbleTests {
    @Test(
        "bench --against-bumble runs each workload on our host and on Bumble's, on the same Bumble controllers, and reports both, the ratio and the controllers' buffers (64 of 27 bytes)"
    )
    func benchAgainstBumble() async throws {
        try requireBumble()
        let tool = try ExploreAgainstBumbleTests.tool()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let bench = try await PythonProcess.run(
                "exec_tool.py",
                arguments: [
                    tool, "bench", "--transport", controllers.transportSpec(0), "--peripheral-transport",
                    controllers.transportSpec(1), "--only", "read", "--only", "notify-20", "--count", "30",
                    "--against-bumble", "--json",
                ],
                timeout: .seconds(120))
            #expect(bench.succeeded, "\(bench.transcript)")
            let lines = bench.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(lines.compactMap { $0["step"] as? String } == ["read", "notify-20"], "\(bench.transcript)")
            for line in lines {
                let ours = try #require((line["ours"] as? [String: Any])?["opsPerSecond"] as? Double, "\(line)")
                let bumble = try #require((line["bumble"] as? [String: Any])?["opsPerSecond"] as? Double, "\(line)")
                let ratio = try #require(line["rateOverBumble"] as? Double, "\(line)")
                #expect(ours > 0 && bumble > 0)
                #expect(abs(ratio - ours / bumble) <= 0.001 * ratio, "\(line)")
                #expect((line["bumble"] as? [String: Any])?["cpuMicrosecondsPerOp"] is Double, "\(line)")
                #expect(line["aclBuffers"] as? Int == 64 && line["aclBufferLength"] as? Int == 27, "\(line)")
            }
        }
    }
}
