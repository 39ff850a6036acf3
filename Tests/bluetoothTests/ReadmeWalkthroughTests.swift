import Foundation
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

    @Test("the README walkthrough runs as written: sim, serve, scan and explore on 127.0.0.1")
    func walkthrough() async throws {
        let commands = try Self.block(after: "<!-- walkthrough:", in: Self.readme())
            .split(separator: "\n")
            .map { line in
                String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            }
            .filter { $0.hasPrefix("bluetooth ") }
        #expect(commands.map { $0.split(separator: " ")[1] } == ["sim", "serve", "scan", "explore"])
        var port = "7000"
        var background: [RunningTool] = []
        defer { background.forEach { _ = $0.stop() } }
        var outputs: [String] = []
        for command in commands {
            var arguments = command.dropFirst("bluetooth ".count).split(separator: " ").map { word in
                word.hasPrefix("Examples/") ? Examples.root.appendingPathComponent(String(word)).path : String(word)
            }
            let runsInBackground = arguments.last == "&"
            if runsInBackground { arguments.removeLast() }
            if arguments.first == "sim" {
                arguments = arguments.map { $0 == "127.0.0.1:7000" ? "127.0.0.1:0" : $0 }
                let sim = try RunningTool(arguments)
                background.append(sim)
                let line = try #require(await sim.nextLine())
                let address = try #require(line.split(separator: " ").first { $0.hasPrefix("127.0.0.1:") })
                port = String(address.dropFirst("127.0.0.1:".count).prefix { $0.isNumber })
                continue
            }
            arguments = arguments.map { $0.replacingOccurrences(of: "127.0.0.1:7000", with: "127.0.0.1:\(port)") }
            if runsInBackground {
                let tool = try RunningTool(arguments)
                background.append(tool)
                while let line = await tool.nextLine() {
                    if line.hasPrefix("Advertising") { break }
                }
            } else {
                let outcome = try await CommandLineTool.run(arguments)
                #expect(outcome.status == 0, "\(command): \(outcome.standardError)")
                outputs.append(outcome.standardOutput)
            }
        }
        #expect(outputs.first?.hasPrefix("Thermometer  ") == true, "scan printed \(outputs.first ?? "nothing")")
        #expect(outputs.last?.contains("Service 1809 Health Thermometer") == true, "\(outputs.last ?? "")")
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
