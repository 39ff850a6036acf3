import Foundation
import Testing

@Suite("bluetooth bench, run as an executable", .timeLimit(.minutes(2)))
struct BenchCommandTests {
    @Test("bench runs every benchmark --count times, discovery too, and reports each as a JSON line of numbers")
    func everyBenchmarkRuns() async throws {
        let lines = try await Self.benchJSON(["--count", "7"])
        #expect(
            lines.compactMap { $0["step"] as? String } == [
                "discover", "read", "write", "write-without-response", "write-without-response-20", "notify",
                "notify-20", "indicate", "indicate-20", "l2cap-channel",
            ])
        for line in lines {
            let ours = try #require(line["ours"] as? [String: Any], "\(line)")
            #expect(ours["operations"] as? Int == 7, "\(line)")
            #expect((ours["opsPerSecond"] as? Double ?? 0) > 0, "\(line)")
            #expect(ours["cpuMicrosecondsPerOp"] is Double, "\(line)")
            #expect(line["aclBuffers"] as? Int == 8 && line["aclBufferLength"] as? Int == 251, "\(line)")
            #expect(line["warmUpMilliseconds"] as? Int == 0, "on the virtual air nothing warms up: \(line)")
        }
        let read = try #require(lines.first { $0["step"] as? String == "read" }?["ours"] as? [String: Any])
        let p50 = try #require(read["p50Microseconds"] as? Double)
        let p99 = try #require(read["p99Microseconds"] as? Double)
        #expect(p50 > 0 && p50 <= p99)
    }

    @Test("bench on a sim reports the ACL buffers the sim's controllers gave the hosts, which bound a stream")
    func reportsTheControllersBuffers() async throws {
        let (sim, port) = try await SimCommandTests.startSim(["--acl-buffers", "12"])
        defer { _ = sim.stop() }
        let outcome = try await CommandLineTool.run([
            "bench", "--transport", "tcp:127.0.0.1:\(port)", "--only", "notify-20", "--count", "30",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("notify-20"), "\(outcome.standardOutput)")
        #expect(
            outcome.standardOutput.contains("30 ops on 12 ACL buffers of 251 bytes, ours "), "\(outcome.standardOutput)"
        )
        #expect(outcome.standardOutput.contains("each workload runs 100 ms untimed first"), "\(outcome.standardOutput)")
    }

    @Test("bench on controllers with public addresses connects to the static random address its peripheral is given")
    func controllersWithPublicAddresses() async throws {
        let (sim, port) = try await SimCommandTests.startSim(["--public-address"])
        defer { _ = sim.stop() }
        let outcome = try await CommandLineTool.run([
            "bench", "--transport", "tcp:127.0.0.1:\(port)", "--only", "read", "--count", "20",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("20 ops on 8 ACL buffers"), "\(outcome.standardOutput)")
    }

    @Test(
        "bench --warm-up sets the untimed run before each measurement, which counts no operations; below 0 is refused")
    func warmUp() async throws {
        let line = try #require(
            try await Self.benchJSON(["--only", "notify-20", "--count", "9", "--warm-up", "20"]).first)
        #expect(line["warmUpMilliseconds"] as? Int == 20, "\(line)")
        #expect((line["ours"] as? [String: Any])?["operations"] as? Int == 9, "\(line)")
        let refused = try await CommandLineTool.run(["bench", "--warm-up=-1"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--warm-up takes 0 or more milliseconds"), "\(refused.standardError)")
    }

    @Test("bench --rounds runs each workload that many times and reports the run with the median rate, and each rate")
    func rounds() async throws {
        let line = try #require(try await Self.benchJSON(["--only", "read", "--count", "5", "--rounds", "3"]).first)
        let ours = try #require(line["ours"] as? [String: Any], "\(line)")
        let rates = try #require(ours["opsPerSecondOfEachRun"] as? [Double], "\(line)")
        #expect(ours["runs"] as? Int == 3)
        #expect(rates.count == 3 && rates == rates.sorted(), "\(rates)")
        #expect(ours["opsPerSecond"] as? Double == rates[1], "\(line)")
        #expect(ours["operations"] as? Int == 5)
        let refused = try await CommandLineTool.run(["bench", "--rounds", "0"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--rounds must be at least 1"), "\(refused.standardError)")
    }

    @Test("bench refuses an unknown benchmark as a usage error")
    func unknownBenchmark() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--only", "teleport"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("unknown benchmark 'teleport'"))
    }

    @Test("bench --against-bumble on the virtual air is refused: both hosts must share controllers")
    func againstBumbleNeedsTransport() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--against-bumble", "--transport", "virtual"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--against-bumble runs both hosts on the same controllers"))
    }

    @Test("bench on a one-controller transport without --peripheral-transport is refused")
    func oneControllerTransportNeedsPeer() async throws {
        let outcome = try await CommandLineTool.run(["bench", "--transport", "serial:/dev/ttyACM0"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("needs --peripheral-transport"))
    }

    /// Runs `bluetooth bench` with `arguments` and `--json`, expects it to succeed, and returns its JSON lines.
    private static func benchJSON(_ arguments: [String]) async throws -> [[String: Any]] {
        let outcome = try await CommandLineTool.run(["bench"] + arguments + ["--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

}
