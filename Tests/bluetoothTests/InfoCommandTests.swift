import Foundation
import Testing

@Suite("bluetooth info, run as an executable", .timeLimit(.minutes(2)))
struct InfoCommandTests {
    @Test("info on a sim's controller: version, no public address, features, buffers, lists, what works")
    func simController() async throws {
        let (sim, port) = try await SimCommandTests.startSim(["--acl-buffers", "12"])
        defer { _ = sim.stop() }
        let outcome = try await CommandLineTool.run(["info", "--transport", "tcp:127.0.0.1:\(port)"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("HCI: Bluetooth 5.4 (revision 0x0001)"), "\(outcome.standardOutput)")
        #expect(lines.contains("Public address: none"), "\(outcome.standardOutput)")
        #expect(lines.contains("ACL buffers: 12 of 251 bytes"), "\(outcome.standardOutput)")
        #expect(lines.contains("Filter accept list: 16 entries"), "\(outcome.standardOutput)")
        #expect(lines.contains("  2M PHY: yes"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("LE Extended Advertising"), "\(outcome.standardOutput)")
    }

    @Test("info --json names the public address of a sim --public-address controller and each feature's standing")
    func json() async throws {
        let (sim, port) = try await SimCommandTests.startSim(["--public-address"])
        defer { _ = sim.stop() }
        let outcome = try await CommandLineTool.run(["info", "--json", "--transport", "tcp:127.0.0.1:\(port)"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["publicAddress"] as? String == "5A:1A:00:00:00:01", "\(object)")
        #expect(object["resolvingListSize"] as? Int == 16, "\(object)")
        #expect(object["companyIdentifier"] as? Int == 0xFFFF, "\(object)")
        let features = try #require(object["coreBluetoothFeatures"] as? [[String: Any]])
        #expect(features.count == 5 && features.allSatisfy { $0["works"] as? Bool == true }, "\(features)")
    }

    @Test(
        "info on Root Canal's presets reads each controller's public address and versions", .rootCanalInstalledOrCI,
        arguments: RootCanal.Preset.allCases)
    func rootCanal(_ preset: RootCanal.Preset) async throws {
        try #require(RootCanal.installed, "CI=true but Root Canal is not installed: bash .ci/rootcanal")
        let canal = try await RootCanal.start(preset)
        defer { canal.stop() }
        let outcome = try await CommandLineTool.run(["info", "--transport", canal.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("HCI: Bluetooth "), "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("Public address: none"), "\(outcome.standardOutput)")
        print("--- \(preset.rawValue)\n\(outcome.standardOutput)")
    }
}
