import Foundation
import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("bluetooth serve answers what its file says, run as executables over one sim", .timeLimit(.minutes(2)))
struct ServeFileCommandTests {
    static let gatt = """
        { "name": "Notifier", "advertise": { "services": ["180F"] },
          "services": [
            { "uuid": "180F", "characteristics": [
                { "uuid": "2A19", "properties": ["read", "notify"], "permissions": ["readable"],
                  "notify": { "intervalMs": 3600000, "values": ["64", "63"] } },
                { "uuid": "2A1A", "properties": ["read", "write"], "permissions": ["readable", "writeable"],
                  "initialValue": "00" } ] },
            { "uuid": "1812", "characteristics": [
                { "uuid": "2A4D", "properties": ["read"], "permissions": ["readable"], "value": "01" },
                { "uuid": "2A4D", "properties": ["read"], "permissions": ["readable"], "value": "02" } ] },
            { "uuid": "1812", "characteristics": [
                { "uuid": "2A4D", "properties": ["read"], "permissions": ["readable"], "value": "03" } ] } ] }
        """

    @Test("a readable characteristic with only notify values reads the first of them before any is sent")
    func notifyOnlyReadsFirstValue() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["read", "Notifier", "2A19", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "64\n")
    }

    @Test("characteristics of one UUID in a service and services of one UUID are served and explored, each apart")
    func duplicateUUIDs() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["explore", "Notifier", "--json", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ExploreReport(json: Array(outcome.standardOutput.utf8))
        #expect(report.mismatches(against: try GATTFile(json: Array(Self.gatt.utf8))) == [])
        let reports = report.services.filter { $0.uuid == "1812" }
        #expect(reports.map { $0.characteristics.map(\.value) } == [[[0x01], [0x02]], [[0x03]]])
    }

    @Test("write takes hex with 0x and spaces")
    func hexForms() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let transport = ["--transport", served.transport]
        let write = try await CommandLineTool.run(["write", "Notifier", "2A1A", "0x05 0a"] + transport)
        #expect(write.status == 0, "\(write.standardError)")
        let read = try await CommandLineTool.run(["read", "Notifier", "2A1A"] + transport)
        #expect(read.standardOutput == "050a\n")
    }

    @Test("a name two peripherals share is refused as a target, listing both")
    func ambiguousName() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let (twin, file) = try await served.serveAnother(Self.gatt)
        defer {
            _ = twin.stop()
            try? FileManager.default.removeItem(at: file)
        }
        let outcome = try await CommandLineTool.run(["read", "Notifier", "2A19", "--transport", served.transport])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("bluetooth read: 'Notifier' matches 2 peripherals: "), "\(outcome.standardError)")
        #expect(last.hasSuffix("name one by its address or identifier"))
    }

    @Test("serve with --address advertises from that static address, which scan shows with its type")
    func staticAddress() async throws {
        let served = try await ServedPeripheral.start(Self.gatt, arguments: ["--address", "C0:11:22:33:44:55"])
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["scan", "--duration", "2", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("C0:11:22:33:44:55 (random)"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("connectable yes"))
    }

    @Test(
        "on controllers with public addresses, serve advertises from its public address, or from --address when given")
    func publicOrConfiguredAddress() async throws {
        let served = try await ServedPeripheral.start(Self.gatt, simArguments: ["--public-address"])
        defer { served.stop() }
        let (configured, file) = try await served.serveAnother(
            Self.gatt.replacingOccurrences(of: "Notifier", with: "Configured"),
            arguments: ["--address", "C0:11:22:33:44:55"])
        defer {
            _ = configured.stop()
            try? FileManager.default.removeItem(at: file)
        }
        let outcome = try await CommandLineTool.run(["scan", "--duration", "2", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("5A:1A:00:00:00:01 (public)"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("C0:11:22:33:44:55 (random)"), "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("5A:1A:00:00:00:02"), "\(outcome.standardOutput)")
    }
}
