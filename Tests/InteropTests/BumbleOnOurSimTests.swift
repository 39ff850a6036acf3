import HCI
import Testing
import VirtualRadio

@Suite(
    "Bumble hosts on our virtual controllers (bluetooth sim)", .bumbleInstalledOrCI, .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct BumbleOnOurSimTests {
    /// Serves a fresh air on a loopback port for the duration of `body`.
    private func withSim<T: Sendable>(
        timing: AirTiming = .instant, _ body: (UInt16) async throws -> T
    ) async throws -> T {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let server = Task { try await SimServer(air: Air(timing: timing)).run(listener) }
        defer { server.cancel() }
        let result = try await body(listener.port)
        await listener.close()
        return result
    }

    @Test(
        "two Bumble hosts on our sim advertise, scan actively (scan response delivered), connect, discover, read, subscribe, pair and disconnect",
        arguments: ["sc", "legacy"]
    )
    func gattAndPairing(pairing: String) async throws {
        try requireBumble()
        let outcome = try await withSim { port in
            try await PythonProcess.run(
                "gatt_pair.py",
                arguments: [
                    "--controller", "tcp-client:127.0.0.1:\(port)", "--pairing", pairing, "--require-scan-response",
                    "--timeout", "60",
                ],
                timeout: .seconds(90))
        }
        #expect(outcome.succeeded, "\(outcome.transcript)")
        #expect(outcome.standardOutput.contains("encrypt: ok"), "\(outcome.transcript)")
    }

    @Test(
        "Bumble's GATT client reads long values, writes, reliable-writes and subscribes against Bumble's GATT server on our sim"
    )
    func gattClientAgainstServer() async throws {
        try requireBumble()
        let (server, client) = try await withSim { port in
            let server = try PythonProcess(
                script: "gatt_server.py",
                arguments: ["--controller", "tcp-client:127.0.0.1:\(port)", "--timeout", "60"])
            let client = try await PythonProcess.run(
                "gatt_client.py",
                arguments: [
                    "--controller", "tcp-client:127.0.0.1:\(port)", "--target", "C0:DE:C0:FF:EE:01", "--timeout", "60",
                ],
                timeout: .seconds(90))
            return (await server.waitForExit(timeout: .seconds(90)), client)
        }
        #expect(client.succeeded, "\(client.transcript)")
        #expect(server.succeeded, "\(server.transcript)")
    }

    @Test("two Bumble hosts on a timed air connect at the intervals they ask for and read through connection events")
    func bumbleOnTimedAir() async throws {
        try requireBumble()
        let outcome = try await withSim(timing: .timed) { port in
            try await PythonProcess.run(
                "timed_reads.py",
                arguments: [
                    "--controller", "tcp-client:127.0.0.1:\(port)", "--intervals", "15", "60", "--reads", "5",
                    "--timeout", "90",
                ],
                timeout: .seconds(120))
        }
        #expect(outcome.succeeded, "\(outcome.transcript)")
        #expect(outcome.standardOutput.contains("negotiated 60.0 ms"), "\(outcome.transcript)")
    }
}
