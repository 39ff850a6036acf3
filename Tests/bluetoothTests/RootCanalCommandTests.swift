import Foundation
import GATTFileFormat
import Testing

@testable import bluetooth

/// Our host on Android's Root Canal, a controller written by others in C++, on three of its presets: each test
/// starts a fresh Root Canal, serves a GATT file on one of its controllers and runs commands on another. Each
/// Root Canal is an air of its own on ports of its own, so the tests run side by side: most of their time is
/// Root Canal's link-layer timing, not CPU.
@Suite(
    "Our host on Root Canal's controllers (DEFAULT, LAIRD_BL654, CSR_RCK_PTS_DONGLE)", .rootCanalInstalledOrCI,
    .timeLimit(.minutes(5)))
struct RootCanalCommandTests {
    /// 300 bytes: longer than one ATT_MTU, so reads and writes of it are long ones.
    static let longValue = (0..<300).map { String(format: "%02x", $0 % 256) }.joined()

    static let gatt = """
        {
          "name": "Canal",
          "advertise": { "services": ["1809"] },
          "services": [
            { "uuid": "180F", "primary": false,
              "characteristics": [ { "uuid": "2A19", "properties": ["read"], "permissions": ["readable"],
                                     "value": "64" } ] },
            { "uuid": "1809", "primary": true, "includes": ["180F"],
              "characteristics": [
                { "uuid": "2A1C", "properties": ["indicate"], "permissions": ["readable"],
                  "notify": { "intervalMs": 50, "values": ["00e8030000", "00e9030000"] } },
                { "uuid": "2A1E", "properties": ["notify"], "permissions": ["readable"],
                  "notify": { "intervalMs": 50, "values": ["0001", "0002"] } },
                { "uuid": "2A21", "properties": ["read", "write"], "permissions": ["readable", "writeable"],
                  "initialValue": "\(longValue)" },
                { "uuid": "2A1D", "properties": ["read"], "permissions": ["readEncryptionRequired"],
                  "initialValue": "02" }
              ] }
          ]
        }
        """

    /// Runs `body` with a fresh Root Canal of `preset` and the file served on one of its controllers.
    private func withServed(
        _ preset: RootCanal.Preset, _ body: (_ transport: String) async throws -> Void
    ) async throws {
        try #require(RootCanal.installed, "CI=true but Root Canal is not installed: bash .ci/rootcanal")
        let canal = try await RootCanal.start(preset)
        defer { canal.stop() }
        let (serve, file) = try await ServedPeripheral.serve(Self.gatt, on: canal.transport)
        defer {
            _ = serve.stop()
            try? FileManager.default.removeItem(at: file)
        }
        try await body(canal.transport)
    }

    @Test(
        "explore finds every service, include and the 300-byte value; long writes, notifications, indications",
        arguments: RootCanal.Preset.allCases)
    func serveAndExplore(_ preset: RootCanal.Preset) async throws {
        try await withServed(preset) { transport in
            let explore = try await CommandLineTool.run(["explore", "Canal", "--json", "--transport", transport])
            #expect(explore.status == 0, "\(explore.standardError)")
            let report = try ExploreReport(json: Array(explore.standardOutput.utf8))
            #expect(report.mismatches(against: try GATTFile(json: Array(Self.gatt.utf8))) == [])

            let written = String(Self.longValue.reversed())
            let write = try await CommandLineTool.run(["write", "Canal", "2A21", written, "--transport", transport])
            #expect(write.status == 0, "\(write.standardError)")
            let read = try await CommandLineTool.run(["read", "Canal", "2A21", "--transport", transport])
            #expect(read.standardOutput == written + "\n", "\(read.standardError)")

            let indications = try await CommandLineTool.run(
                ["subscribe", "Canal", "2A1C", "--count", "2", "--transport", transport])
            #expect(indications.status == 0, "\(indications.standardError)")
            #expect(indications.standardOutput.contains("00e8030000"), "\(indications.standardOutput)")
            #expect(indications.standardOutput.contains("00e9030000"), "\(indications.standardOutput)")
            let notifications = try await CommandLineTool.run(
                ["subscribe", "Canal", "2A1E", "--count", "2", "--transport", transport])
            #expect(notifications.status == 0, "\(notifications.standardError)")
            #expect(notifications.standardOutput.contains("0001"), "\(notifications.standardOutput)")
            #expect(notifications.standardOutput.contains("0002"), "\(notifications.standardOutput)")
        }
    }

    @Test(
        "an encrypted read pairs with Just Works; the next connection encrypts with the bond and pairs no more",
        arguments: RootCanal.Preset.allCases)
    func pairingAndBondedReconnection(_ preset: RootCanal.Preset) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.path]
        try await withServed(preset) { transport in
            let arguments = ["read", "Canal", "2A1D", "--address", "C0:CA:AA:00:00:01", "-v", "--transport", transport]
            let first = try await CommandLineTool.run(arguments, environment: environment)
            #expect(first.status == 0 && first.standardOutput == "02\n", "\(first.standardError)")
            let firstLog = first.standardOutput + first.standardError
            #expect(firstLog.contains("SMP pairingRequest"), "\(firstLog)")
            let second = try await CommandLineTool.run(arguments, environment: environment)
            #expect(second.status == 0 && second.standardOutput.hasSuffix("02\n"), "\(second.standardError)")
            let secondLog = second.standardOutput + second.standardError
            #expect(!secondLog.contains("SMP pairingRequest"), "\(secondLog)")
            #expect(secondLog.contains("leEnableEncryption"), "\(secondLog)")
            #expect(secondLog.contains("encryptionChange"), "\(secondLog)")
        }
    }

    /// The workloads `bench` runs on each preset: one of each kind. Root Canal keeps link-layer timing, and each
    /// workload sets up a fresh link first (about 12 s on LAIRD_BL654), so all ten take two minutes a preset.
    static let workloads = ["read", "write-without-response-20", "notify-20", "indicate", "l2cap-channel"]

    @Test(
        "bench runs its workloads (the L2CAP channel's too) with the peripheral on its static random address",
        arguments: RootCanal.Preset.allCases)
    func bench(_ preset: RootCanal.Preset) async throws {
        try #require(RootCanal.installed, "CI=true but Root Canal is not installed: bash .ci/rootcanal")
        let canal = try await RootCanal.start(preset)
        defer { canal.stop() }
        let outcome = try await CommandLineTool.run(
            ["bench", "--transport", canal.transport, "--count", "5", "--json"]
                + Self.workloads.flatMap { ["--only", $0] }, timeout: .seconds(180))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let steps = outcome.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["step"] as? String
        }
        #expect(steps == Self.workloads, "\(outcome.standardOutput)")
    }
}
