import Testing

@Suite(
    "Bumble hosts on Bumble's virtual controllers (proves the interop harness)", .bumbleInstalledOrCI,
    .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct BumbleOnBumbleTests {
    @Test(
        "two Bumble hosts, each on a fresh launcher controller, scan, connect, use GATT, pair Just Works and disconnect",
        arguments: ["sc", "legacy"]
    )
    func gattAndPairing(pairing: String) async throws {
        try requireBumble()
        let outcome = try await BumbleControllers.withRunning { controllers in
            try await PythonProcess.run(
                "gatt_pair.py",
                arguments: ["--controller", controllers.bumbleSpec(), "--pairing", pairing, "--timeout", "60"],
                timeout: .seconds(90)
            )
        }
        #expect(outcome.succeeded, "\(outcome.transcript)")
        #expect(outcome.standardOutput.contains("encrypt: ok"), "\(outcome.transcript)")
    }

    @Test("the interop GATT client passes against the interop GATT server across two launcher ports")
    func gattClientAgainstServer() async throws {
        try requireBumble()
        let (server, client) = try await BumbleControllers.withRunning(count: 2) { controllers in
            let server = try PythonProcess(
                script: "gatt_server.py",
                arguments: ["--controller", controllers.bumbleSpec(0), "--timeout", "60"]
            )
            let client = try await PythonProcess.run(
                "gatt_client.py",
                arguments: [
                    "--controller", controllers.bumbleSpec(1), "--target", "C0:DE:C0:FF:EE:01", "--timeout", "60",
                ],
                timeout: .seconds(90)
            )
            return (await server.waitForExit(timeout: .seconds(90)), client)
        }
        #expect(client.succeeded, "\(client.transcript)")
        #expect(server.succeeded, "\(server.transcript)")
    }
}
