import Foundation
import Testing

@Suite("The bluetooth CLI against Bumble", .bumbleInstalledOrCI, .oneInteropTestAtATime, .timeLimit(.minutes(10)))
struct ExploreAgainstBumbleTests {
    /// The built `bluetooth` executable, beside this test bundle.
    static func tool() throws -> String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("bluetooth").path
        }
        return try #require(
            candidates.first(where: FileManager.default.isExecutableFile), "bluetooth is not built: \(candidates)")
    }

    @Test(
        "explore --json prints the whole tree of Bumble's GATT server: included and 128-bit services, descriptors, a 300-byte value"
    )
    func exploreBumbleServer() async throws {
        try requireBumble()
        let tool = try Self.tool()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let server = try PythonProcess(
                script: "gatt_server.py", arguments: ["--controller", controllers.bumbleSpec(0), "--timeout", "60"])
            let explore = try await PythonProcess.run(
                "exec_tool.py",
                arguments: [
                    tool, "explore", "C0:DE:C0:FF:EE:01", "--json", "--transport", controllers.transportSpec(1),
                    "--timeout", "20",
                ],
                timeout: .seconds(60))
            server.terminate()
            _ = await server.waitForExit(timeout: .seconds(10))
            #expect(explore.succeeded, "\(explore.transcript)")

            let tree = try #require(
                try JSONSerialization.jsonObject(with: Data(explore.standardOutput.utf8)) as? [String: Any],
                "\(explore.transcript)")
            let services = try #require(tree["services"] as? [[String: Any]])
            let uuids = services.compactMap { $0["uuid"] as? String }
            #expect(Set(uuids).isSuperset(of: ["FFE0", "FFF0", "9F1C0000-4B6E-4A2E-9C1D-2F3B5A7C8E01"]), "\(uuids)")
            let primary = try #require(services.first { $0["uuid"] as? String == "FFF0" })
            #expect(primary["includedServices"] as? [String] == ["FFE0"])
            let characteristics = try #require(primary["characteristics"] as? [[String: Any]])
            let long = try #require(characteristics.first { $0["uuid"] as? String == "FFF1" })
            let longHex = InteropProfile.longValue.map { String(format: "%02x", $0) }.joined()
            #expect(long["value"] as? String == longHex)
            let descriptors = try #require(long["descriptors"] as? [[String: Any]])
            let description = Array("Long value".utf8).map { String(format: "%02x", $0) }.joined()
            #expect(descriptors.contains { $0["uuid"] as? String == "2901" && $0["value"] as? String == description })
        }
    }

    @Test("a Bumble central discovers, long-reads, writes and subscribes to what bluetooth serve publishes")
    func bumbleCentralAgainstServe() async throws {
        try requireBumble()
        let tool = try Self.tool()
        let long = InteropProfile.longValue.map { String(format: "%02x", $0) }.joined()
        let gatt = """
            { "name": "\(InteropProfile.serverName)", "advertise": { "services": ["FFF0"] },
              "services": [ { "uuid": "FFF0", "primary": true, "characteristics": [
                { "uuid": "FFF1", "properties": ["read"], "permissions": ["readable"], "value": "\(long)",
                  "descriptors": [ { "uuid": "2901", "value": "text:Long value" } ] },
                { "uuid": "FFF2", "properties": ["read", "write"], "permissions": ["readable", "writeable"],
                  "initialValue": "00" },
                { "uuid": "FFF4", "properties": ["notify"], "permissions": ["readable"],
                  "notify": { "intervalMs": 100, "values": ["11223344"] } } ] } ] }
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).json")
        try Data(gatt.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let serve = try PythonProcess(
                script: "exec_tool.py",
                arguments: [tool, "serve", file.path, "--transport", controllers.transportSpec(0)])
            let central = try await PythonProcess.run(
                "cb_central.py",
                arguments: [
                    "--controller", controllers.bumbleSpec(1), "--name", InteropProfile.serverName, "--timeout", "60",
                ],
                timeout: .seconds(90))
            serve.terminate()
            let served = await serve.waitForExit(timeout: .seconds(10))
            #expect(central.succeeded, "\(central.transcript)\n\(served.transcript)")
            #expect(served.standardOutput.contains("0102030405"), "\(served.transcript)")
        }
    }
}
