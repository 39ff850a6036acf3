import Foundation
import Testing

@testable import bluetooth

@Suite("bluetooth scan, run as an executable over a sim", .timeLimit(.minutes(2)))
struct ScanCommandTests {
    static let gatt = """
        { "name": "Scanned", "advertise": { "services": ["180D"] },
          "services": [ { "uuid": "180D", "primary": true, "characteristics": [] } ] }
        """

    @Test("scan piped prints one plain line per advertiser and ends at --duration with status 0")
    func plainLines() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["scan", "--duration", "2", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardOutput)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("Scanned  424C4500-"))
        #expect(line.contains("services 180D"))
        #expect(line.contains("rssi -"))
    }

    @Test("scan --json prints a JSON object per advertiser with its name, address, identifier and services")
    func jsonLines() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(
            ["scan", "--json", "--duration", "2", "--service", "180D", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(outcome.standardOutput.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Scanned")
        #expect(object["services"] as? [String] == ["180D"])
        let identifier = try #require(object["identifier"] as? String)
        let address = try #require(object["address"] as? String)
        #expect(identifier.hasSuffix(address.replacingOccurrences(of: ":", with: "")))
    }

    @Test("scan --name keeps advertisers whose name contains the text in any case, and leaves out the others")
    func nameFilter() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let other = try await CommandLineTool.run(
            ["scan", "--duration", "1", "--name", "Someone else", "--transport", served.transport])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(other.standardOutput.isEmpty)
        let part = try await CommandLineTool.run(
            ["scan", "--duration", "2", "--name", "cANNE", "--transport", served.transport])
        #expect(part.standardOutput.hasPrefix("Scanned  "), "\(part.standardOutput)")
    }

    @Test("scan --min-rssi leaves out advertisers weaker than the bound")
    func rssiFilter() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let strong = try await CommandLineTool.run(
            ["scan", "--duration", "1", "--min-rssi", "0", "--transport", served.transport])
        #expect(strong.status == 0, "\(strong.standardError)")
        #expect(strong.standardOutput.isEmpty)
        let any = try await CommandLineTool.run(
            ["scan", "--duration", "2", "--min-rssi=-127", "--transport", served.transport])
        #expect(any.standardOutput.hasPrefix("Scanned  "), "\(any.standardOutput)")
    }

    @Test("scan on the default virtual radio says in one line that its air is private, pointing to bluetooth sim")
    func privateAirHint() async throws {
        let outcome = try await CommandLineTool.run(["scan", "--duration", "0.5"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("bluetooth sim --listen") == true, "\(outcome.standardError)")
    }

    @Test(
        "scan on a terminal shows the table's header at once, even when nobody advertises",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script is not installed"))
    func headerOnTerminal() async throws {
        let tool = try CommandLineTool.executable.path
        let outcome = try await CommandLineTool.run(
            ["-qec", "\(tool) scan --duration 0.5", "/dev/null"], executable: "/usr/bin/script")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("\(ScanTable.header)\u{1B}[K"), "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("\u{1B}[2J"), "\(outcome.standardOutput)")
    }
}
