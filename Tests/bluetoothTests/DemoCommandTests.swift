import Foundation
import Testing

@Suite("bluetooth demo, run as an executable", .timeLimit(.minutes(2)))
struct DemoCommandTests {
    @Test("demo exits 0 and narrates every step, from power-up to disconnection")
    func narratesEveryStep() async throws {
        let outcome = try await CommandLineTool.run(["demo", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let objects = outcome.standardOutput.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        let steps = objects.compactMap { $0["step"] as? String }
        let discovery = try #require(objects.first { $0["step"] as? String == "discovered" })
        #expect(discovery["rssi"] is Int, "rssi is a JSON number: \(discovery)")
        let rates = objects.filter { $0["step"] as? String == "notification" }
        #expect(rates.allSatisfy { $0["bpm"] is Int }, "bpm is a JSON number: \(rates)")
        let advertised = try #require(steps.firstIndex(of: "advertise"), "the sensor never advertised")
        let discovered = try #require(steps.firstIndex(of: "discovered"), "the monitor never found the sensor")
        #expect(advertised < discovered)
        #expect(
            steps.filter { $0 != "advertise" } == [
                "power", "scan", "discovered", "connected", "explored", "read", "write", "subscribed",
                "notification", "notification", "notification", "notification", "notification", "disconnected", "done",
            ])
    }

    @Test("demo in plain text names what it found, what it read and the live heart rate")
    func plainText() async throws {
        let outcome = try await CommandLineTool.run(["demo"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("Found \"Heart Rate Sensor\""))
        #expect(outcome.standardOutput.contains("Heart Rate Measurement (2A37)"))
        #expect(outcome.standardOutput.contains("Read the Body Sensor Location: Chest."))
        #expect(outcome.standardOutput.contains("Heart rate: "))
        #expect(outcome.standardOutput.contains("Disconnected from the sensor, as asked."))
    }

    @Test("demo offers no --transport or --address: its help lists neither, and either is a usage error on stderr")
    func takesNoTransport() async throws {
        let help = try await CommandLineTool.run(["demo", "--help"])
        #expect(!help.standardOutput.contains("--transport"))
        #expect(!help.standardOutput.contains("--address"))
        let outcome = try await CommandLineTool.run(["demo", "--transport", "tcp:127.0.0.1:1"])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("Error: Unknown option '--transport'"), "\(outcome.standardError)")
    }

    @Test("sim offers no --transport or --address, which it has no use for")
    func simTakesNoTransport() async throws {
        let help = try await CommandLineTool.run(["sim", "--help"])
        #expect(help.standardOutput.contains("--listen"))
        #expect(!help.standardOutput.contains("--transport"))
        #expect(!help.standardOutput.contains("--address"))
        let outcome = try await CommandLineTool.run([
            "sim", "--listen", "127.0.0.1:0", "--address", "C0:11:22:33:44:55",
        ])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: Unknown option '--address'"), "\(outcome.standardError)")
    }

    @Test("demo --btsnoop writes a log that tshark dissects, with commands, events and ACL data in both directions")
    func btsnoopOpensInTshark() async throws {
        guard
            let tshark = ["/usr/bin/tshark", "/usr/local/bin/tshark"].first(where: FileManager.default.isExecutableFile)
        else {
            try #require(ProcessInfo.processInfo.environment["CI"] != "true", "tshark must be installed in CI")
            return
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID()).btsnoop").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try await CommandLineTool.run(["demo", "--btsnoop", path])
        #expect(outcome.status == 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: tshark)
        process.arguments = [
            "-r", path, "-T", "fields", "-e", "hci_h4.direction", "-e", "hci_h4.type", "-e", "bthci_cmd.opcode",
        ]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tshark-\(UUID())")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        #expect(try await CommandLineTool.runToExit(process, timeout: .seconds(60)) == 0)
        let rows = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(
            rows.contains { $0.count >= 3 && $0[0] == "0x00" && $0[1] == "0x01" && $0[2] == "0x200d" },
            "LE Create Connection sent")
        #expect(rows.contains { $0.count >= 2 && $0[0] == "0x01" && $0[1] == "0x04" }, "events received")
        #expect(rows.contains { $0.count >= 2 && $0[0] == "0x00" && $0[1] == "0x02" }, "ACL sent")
        #expect(rows.contains { $0.count >= 2 && $0[0] == "0x01" && $0[1] == "0x02" }, "ACL received")
    }
}
