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
        #expect(lines.contains("HCI: Bluetooth 5.3 (revision 0x0001)"), "\(outcome.standardOutput)")
        #expect(lines.contains("Public address: none"), "\(outcome.standardOutput)")
        #expect(lines.contains("ACL buffers: 12 of 251 bytes"), "\(outcome.standardOutput)")
        #expect(lines.contains("Filter accept list: 16 entries"), "\(outcome.standardOutput)")
        #expect(lines.contains("  2M PHY: yes"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("LE Extended Advertising"), "\(outcome.standardOutput)")
    }

    /// What `info` says of each `sim --controller` generation: its version, buffers, list sizes, and whether data
    /// length and 2M PHY work.
    static let generations: [(name: String, lines: [String], dataLength: Bool, twoM: Bool)] = [
        (
            "4.0",
            [
                "HCI: Bluetooth 4.0 (revision 0x0001)", "ACL buffers: 4 of 27 bytes", "Filter accept list: 8 entries",
                "Resolving list: none", "LE features: LE Encryption",
            ], false, false
        ),
        (
            "4.2",
            ["HCI: Bluetooth 4.2 (revision 0x0001)", "ACL buffers: 4 of 251 bytes", "Resolving list: 8 entries"],
            true, false
        ),
        ("5.0", ["HCI: Bluetooth 5.0 (revision 0x0001)", "ACL buffers: 8 of 251 bytes"], true, true),
        ("5.3", ["HCI: Bluetooth 5.3 (revision 0x0001)", "Resolving list: 16 entries"], true, true),
    ]

    @Test(
        "info on each sim --controller generation: its version, buffers, lists, and what it lacks by name",
        arguments: generations.map(\.name))
    func generation(_ name: String) async throws {
        let expected = try #require(Self.generations.first { $0.name == name })
        let (sim, port) = try await SimCommandTests.startSim(["--controller", name])
        defer { _ = sim.stop() }
        let outcome = try await CommandLineTool.run(["info", "--transport", "tcp:127.0.0.1:\(port)"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        for line in expected.lines {
            #expect(lines.contains(line), "\(line) in \(outcome.standardOutput)")
        }
        let dataLength =
            expected.dataLength
            ? "  ATT values longer than 27 bytes in one packet (data length): yes"
            : "  ATT values longer than 27 bytes in one packet (data length): no, the controller lacks LE Data Packet "
                + "Length Extension"
        #expect(lines.contains(dataLength), "\(outcome.standardOutput)")
        let twoM = expected.twoM ? "  2M PHY: yes" : "  2M PHY: no, the controller lacks LE 2M PHY"
        #expect(lines.contains(twoM), "\(outcome.standardOutput)")
        #expect(lines.contains("  encrypted and paired links (SMP): yes"), "\(outcome.standardOutput)")
        print("--- sim --controller \(name)\n\(outcome.standardOutput)")
    }

    @Test("sim --controller refuses a generation it does not have, naming the ones it has")
    func unknownGeneration() async throws {
        let outcome = try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:0", "--controller", "3.0"])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains("--controller takes 4.0, 4.2, 5.0, 5.3; got '3.0'"),
            "\(outcome.standardError)")
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
