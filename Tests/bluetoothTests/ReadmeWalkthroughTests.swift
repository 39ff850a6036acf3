import Foundation
import GATTFileFormat
import HCI
import Testing

@testable import bluetooth

@Suite("README and Examples: what a new user runs first", .timeLimit(.minutes(2)))
struct ReadmeWalkthroughTests {
    /// The README's text.
    static func readme() throws -> String {
        try String(contentsOf: Examples.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The body of the first fenced block after the line that starts with `marker`.
    static func block(after marker: String, in text: String) throws -> String {
        let start = try #require(text.range(of: marker), "README has no \(marker)")
        let rest = text[start.upperBound...]
        let open = try #require(rest.range(of: "```"))
        let body = rest[open.upperBound...].drop { $0 != "\n" }.dropFirst()
        let close = try #require(body.range(of: "```"))
        return String(body[..<close.lowerBound])
    }

    @Test(
        "the README walkthrough, pasted into a shell as written, runs: sim, serve, scan and explore start together",
        .timeLimit(.minutes(2)))
    func walkthrough() async throws {
        let readme = try Self.readme()
        let setup = try Self.block(after: "## Walkthrough", in: readme)
        let block = try Self.block(after: "<!-- walkthrough:", in: readme)
        #expect(setup.contains("alias bluetooth=.build/debug/bluetooth"))
        #expect(block.contains("127.0.0.1:7000"))
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let port = listener.port
        await listener.close()
        let script = """
            cd '\(Examples.root.path)'
            shopt -s expand_aliases
            alias bluetooth='\(try CommandLineTool.executable.path)'
            trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
            set -e

            """ + block.replacingOccurrences(of: "127.0.0.1:7000", with: "127.0.0.1:\(port)")
        let outcome = try await CommandLineTool.run(
            ["-c", script], executable: "/bin/bash", timeout: .seconds(100))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Thermometer  ") }, "scan printed \(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("Service 1809 Health Thermometer"), "\(outcome.standardOutput)")
        let failures = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("bluetooth ") }
        #expect(failures.isEmpty, "\(outcome.standardError)")
    }

    @Test("the README's app is Examples/FirstApp, and with BLUETOOTH_TRANSPORT it finds a served thermometer")
    func firstApp() async throws {
        let source = try String(
            contentsOf: Examples.directory.appendingPathComponent("FirstApp/main.swift"), encoding: .utf8)
        #expect(try Self.block(after: "<!-- first-app:", in: Self.readme()) == source)
        #expect(source.split(separator: "\n").count <= 40)
        let thermometer = try String(
            contentsOf: Examples.directory.appendingPathComponent("thermometer.json"), encoding: .utf8)
        let served = try await ServedPeripheral.start(thermometer)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(
            [], executable: "FirstApp", environment: ["BLUETOOTH_TRANSPORT": served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("found Thermometer at -") == true, "\(outcome.standardOutput)")
        #expect(lines.contains("service 1809"))
    }

    @Test("every Examples/*.json loads: the GATT files as GATT files, the world file with its GATT files")
    func examplesLoad() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Examples.directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == ["keyboard.json", "thermometer.json", "world.json"])
        for file in files {
            let path = Examples.directory.appendingPathComponent(file).path
            if file == "world.json" {
                let world = try WorldFile(contentsOfFile: path)
                #expect(world.peripherals.map(\.gatt.name) == ["Thermometer", "Keyboard", "Battery"])
            } else {
                let gatt = try GATTFile(contentsOfFile: path)
                #expect(gatt.nameFitWarning == nil, "\(file)")
            }
        }
    }

    @Test("the examples in docs/gatt-file.md and docs/world-file.md load")
    func documentedExamplesLoad() throws {
        let docs = Examples.root.appendingPathComponent("docs")
        let gatt = try String(contentsOf: docs.appendingPathComponent("gatt-file.md"), encoding: .utf8)
        let file = try GATTFile(json: Array(try Self.block(after: "# GATT files", in: gatt).utf8))
        #expect(file.name == "Thermometer")
        let worldText = try String(contentsOf: docs.appendingPathComponent("world-file.md"), encoding: .utf8)
        let world = try WorldFile(json: Array(try Self.block(after: "# World files", in: worldText).utf8)) { path in
            [UInt8](try Data(contentsOf: Examples.directory.appendingPathComponent(path)))
        }
        #expect(world.peripherals.count == 3)
    }
}
