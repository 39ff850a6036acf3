import Foundation
import HCI
import Testing

@Suite("Commands wait for their controller, and end when it goes away", .timeLimit(.minutes(2)))
struct ControllerWaitTests {
    /// A port on 127.0.0.1 that nothing listens on (until a test starts a sim there).
    private static func freePort() async throws -> UInt16 {
        let probe = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        await probe.close()
        return probe.port
    }

    @Test("scan started before its sim says what it waits for, then scans once the sim listens")
    func scanWaitsForItsSim() async throws {
        let port = try await Self.freePort()
        // The scan may wait as long as the sim takes to start on a loaded machine: its wait is not what is tested.
        let scan = try RunningTool(
            ["scan", "--duration", "1", "--transport", "tcp:127.0.0.1:\(port)"],
            environment: ["BLUETOOTH_CONTROLLER_WAIT": "600"], standardError: true)
        let hint = try #require(await scan.nextLine())
        #expect(hint.hasPrefix("waiting for a controller at 'tcp:127.0.0.1:\(port)' ("), "\(hint)")
        #expect(hint.contains("refused"), "\(hint)")
        #expect(hint.hasSuffix("; is 'bluetooth sim --listen 127.0.0.1:\(port)' running?…"), "\(hint)")
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:\(port)"])
        defer { _ = sim.stop() }
        #expect(await scan.exitStatus() == 0)
    }

    @Test("a command whose controller never comes fails after 10 s with the transport's error, not 'not found'")
    func noControllerComes() async throws {
        let port = try await Self.freePort()
        let outcome = try await CommandLineTool.run([
            "read", "Thermometer", "2A1C", "--transport", "tcp:127.0.0.1:\(port)",
        ])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(outcome.standardError)")
        let failure = try #require(lines.last)
        #expect(
            failure.hasPrefix("bluetooth read: no controller at 'tcp:127.0.0.1:\(port)' within 10 s: "), "\(failure)")
        #expect(failure.contains("Connection refused"), "\(failure)")
    }

    @Test("BLUETOOTH_CONTROLLER_WAIT sets how long a command waits for its controller")
    func waitFromEnvironment() async throws {
        let port = try await Self.freePort()
        let outcome = try await CommandLineTool.run(
            ["read", "Thermometer", "2A1C", "--transport", "tcp:127.0.0.1:\(port)"],
            environment: ["BLUETOOTH_CONTROLLER_WAIT": "1.5"])
        #expect(outcome.status == 1)
        let failure = try #require(outcome.standardError.split(separator: "\n").last)
        #expect(
            failure.hasPrefix("bluetooth read: no controller at 'tcp:127.0.0.1:\(port)' within 1.5 s: "), "\(failure)")
    }

    @Test("serve ends with one line and status 1 when its sim goes away, as scan does")
    func serveEndsWithItsController() async throws {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"])
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let port = try #require(announcement["port"] as? Int)
        let serve = try RunningTool(
            [
                "serve", Examples.directory.appendingPathComponent("thermometer.json").path, "--transport",
                "tcp:127.0.0.1:\(port)",
            ],
            standardError: true)
        while let line = await serve.nextLine(), !line.hasPrefix("Advertising") {}
        _ = sim.stop()
        var lines: [String] = []
        while let line = await serve.nextLine() { lines.append(line) }
        #expect(await serve.exitStatus() == 1)
        #expect(lines == ["bluetooth serve: the controller went away"])
    }

    @Test("subscribe whose sim is killed says the controller went away, not that the peripheral disconnected")
    func subscribeLosesItsController() async throws {
        let served = try await ServedPeripheral.start(ServeExploreCommandTests.gatt)
        defer { served.stop() }
        let subscribe = try RunningTool(
            ["subscribe", "Thermometer", "2A1C", "--transport", served.transport], standardError: true)
        while let line = await subscribe.nextLine(), !line.hasPrefix("subscribed to") {}
        _ = served.sim.stop()
        var lines: [String] = []
        while let line = await subscribe.nextLine() {
            if !line.allSatisfy(\.isHexDigit) { lines.append(line) }
        }
        #expect(await subscribe.exitStatus() == 1)
        #expect(lines == ["bluetooth subscribe: the controller went away"])
    }
}
