import Foundation
import Testing

@Suite("bluetooth soak, run as an executable", .timeLimit(.minutes(2)))
struct SoakCommandTests {
    @Test("a short soak reports a sample each interval with the process's figures and completed operations")
    func shortSoakReportsSamples() async throws {
        let outcome = try await CommandLineTool.run([
            "soak", "--duration", "6s", "--sample-interval", "2", "--reconnect-interval", "1", "--json",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let samples = outcome.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Int]
        }
        #expect(samples.compactMap { $0["elapsedSeconds"] } == [0, 2, 4, 6])
        #expect(samples.allSatisfy { ($0["rssBytes"] ?? 0) > 0 && ($0["openFileDescriptors"] ?? 0) > 0 })
        #expect(samples.allSatisfy { ($0["threads"] ?? 0) > 0 })
        let last = try #require(samples.last)
        #expect(last["connections"] ?? 0 >= 2)
        #expect(last["pairings"] ?? 0 >= 1)
        #expect(last["writes"] ?? 0 > 0)
        #expect(last["notifications"] ?? 0 > 0)
        #expect(last["failures"] == 0)
    }

    @Test("soak refuses a duration it cannot read as a usage error")
    func badDuration() async throws {
        let outcome = try await CommandLineTool.run(["soak", "--duration", "forever"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--duration"))
    }
}
