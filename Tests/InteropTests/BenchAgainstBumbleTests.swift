import Foundation
import HCI
import Testing
import VirtualRadio

@Suite("bluetooth bench against Bumble", .bumbleInstalledOrCI, .oneInteropTestAtATime, .timeLimit(.minutes(10)))
struct BenchAgainstBumbleTests {
    @Test(
        "bench --against-bumble runs each workload on our host and on Bumble's, on the same Bumble controllers, and reports both, the ratio and the controllers' buffers (64 of 27 bytes)"
    )
    func onBumbleControllers() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            try await Self.benchAgainstBumble(
                on: [
                    "--transport", controllers.transportSpec(0), "--peripheral-transport", controllers.transportSpec(1),
                ],
                buffers: (64, 27))
        }
    }

    @Test(
        "bench --against-bumble runs each workload on our host and on Bumble's, both on our sim over TCP, and reports both, the ratio and the sim's buffers (8 of 251 bytes)"
    )
    func onOurSim() async throws {
        try requireBumble()
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let server = Task { try await SimServer().run(listener) }
        defer { server.cancel() }
        try await Self.benchAgainstBumble(on: ["--transport", "tcp:127.0.0.1:\(listener.port)"], buffers: (8, 251))
        await listener.close()
    }

    /// Runs `bluetooth bench --against-bumble` on the controllers `transport` names, for reads and 20-byte
    /// notifications, and checks both hosts' figures, the ratio and the controllers' buffers in its JSON.
    private static func benchAgainstBumble(on transport: [String], buffers: (count: Int, length: Int)) async throws {
        let bench = try await PythonProcess.run(
            "exec_tool.py",
            arguments: [try ExploreAgainstBumbleTests.tool(), "bench"] + transport + [
                "--only", "read", "--only", "notify-20", "--count", "30", "--against-bumble", "--json",
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
            #expect(
                line["aclBuffers"] as? Int == buffers.count && line["aclBufferLength"] as? Int == buffers.length,
                "\(line)")
            #expect(line["warmUpMilliseconds"] as? Int == 100, "\(line)")
        }
    }
}
