import Foundation
import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("bluetooth sim --world, run as an executable", .timeLimit(.minutes(2)))
struct SimWorldCommandTests {
    static let battery = """
        { "name": "World Battery", "advertise": { "services": ["180F"] },
          "services": [ { "uuid": "180F", "primary": true,
            "characteristics": [ { "uuid": "2A19", "properties": ["read"], "permissions": ["readable"], "value": "5a" } ] } ] }
        """

    @Test(
        "a world file's peripheral runs on the sim's air, explore over TCP finds everything its GATT file holds, and --btsnoop logs the traffic"
    )
    func worldPeripheralIsExplored() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.battery.utf8).write(to: directory.appendingPathComponent("battery.json"))
        let world = directory.appendingPathComponent("world.json")
        try Data(#"{ "peripherals": [ { "gatt": "battery.json", "rssi": -55 } ] }"#.utf8).write(to: world)

        let log = directory.appendingPathComponent("sim.btsnoop")
        let sim = try RunningTool([
            "sim", "--listen", "127.0.0.1:0", "--world", world.path, "--json", "--btsnoop", log.path,
        ])
        var port: Int?
        while let line = await sim.nextLine() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let announced = object?["port"] as? Int { port = announced }
            if object?["step"] as? String == "advertising" || line.contains("Advertising") { break }
        }
        let transport = "tcp:127.0.0.1:\(try #require(port))"
        let outcome = try await CommandLineTool.run(["explore", "World Battery", "--json", "--transport", transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ExploreReport(json: Array(outcome.standardOutput.utf8))
        #expect(report.mismatches(against: try GATTFile(json: Array(Self.battery.utf8))) == [])
        _ = sim.stop()

        let logged = try Data(contentsOf: log)
        #expect(logged.prefix(8) == Data("btsnoop\0".utf8), "a btsnoop header")
        #expect(logged.count > 16 + 24 * 20, "the explorer's controller traffic is logged (\(logged.count) bytes)")
    }

    @Test("a bad world file names the bad element and exits with status 1")
    func badWorldFile() async throws {
        let world = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(UUID().uuidString).json")
        try Data(#"{ "peripherals": [ { "gatt": { "services": [ { "uuid": "nope" } ] } } ] }"#.utf8).write(to: world)
        defer { try? FileManager.default.removeItem(at: world) }
        let outcome = try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:0", "--world", world.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("peripherals[0].gatt.services[0].uuid"), "\(outcome.standardError)")
    }
}
