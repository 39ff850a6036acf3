import Foundation
import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("bluetooth serve, explore, read, write and subscribe, run as executables over one sim", .timeLimit(.minutes(2)))
struct ServeExploreCommandTests {
    static let gatt = """
        {
          "name": "Thermometer",
          "advertise": { "services": ["1809"] },
          "services": [
            { "uuid": "180F", "primary": false,
              "characteristics": [ { "uuid": "2A19", "properties": ["read"], "permissions": ["readable"],
                                     "value": "64" } ] },
            { "uuid": "1809", "primary": true, "includes": ["180F"],
              "characteristics": [
                { "uuid": "2A1C", "properties": ["indicate"], "permissions": ["readable"],
                  "notify": { "intervalMs": 50, "values": ["00e8030000", "00e9030000"] } },
                { "uuid": "2A21", "properties": ["read", "write"],
                  "permissions": ["readable", "writeable"], "initialValue": "0a00",
                  "descriptors": [ { "uuid": "2901", "value": "text:Measurement interval" } ] },
                { "uuid": "2A1D", "properties": ["read"], "permissions": ["readable"], "initialValue": "02" }
              ] }
          ]
        }
        """

    @Test("explore --json of a served GATT file finds every service, characteristic, descriptor and value of the file")
    func exploreMatchesServedFile() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(
            ["explore", "Thermometer", "--json", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ExploreReport(json: Array(outcome.standardOutput.utf8))
        let file = try GATTFile(json: Array(Self.gatt.utf8))
        #expect(report.mismatches(against: file) == [])
        #expect(report.services.map(\.uuid).contains("180F"))
        #expect(outcome.standardError.contains("scanning for 'Thermometer'"))
        let counted = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("service ") }
        #expect(counted == (1...report.services.count).map { "service \($0)/\(report.services.count)" })
    }

    @Test("explore prints the tree with decoded values")
    func exploreTree() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["explore", "Thermometer", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Service 180F Battery (secondary)"))
        #expect(outcome.standardOutput.contains("Characteristic 2A21 Measurement Interval [read, write]: 0a00"))
    }

    @Test("write changes what read gets, and subscribe prints the notified values in turn")
    func readWriteSubscribe() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let transport = ["--transport", served.transport]
        let first = try await CommandLineTool.run(["read", "Thermometer", "2A21"] + transport)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "0a00\n")
        let write = try await CommandLineTool.run(["write", "Thermometer", "2A21", "1e00"] + transport)
        #expect(write.status == 0, "\(write.standardError)")
        let second = try await CommandLineTool.run(["read", "Thermometer", "2A21"] + transport)
        #expect(second.standardOutput == "1e00\n")
        let subscribe = try await CommandLineTool.run(["subscribe", "Thermometer", "2A1C", "--count", "3"] + transport)
        #expect(subscribe.status == 0, "\(subscribe.standardError)")
        let values = subscribe.standardOutput.split(separator: "\n").map(String.init)
        #expect(values.count == 3)
        #expect(values.allSatisfy { ["00e8030000", "00e9030000"].contains($0) })
        #expect(Set(values).count == 2)
    }

    @Test("subscribe without --count prints values until Ctrl-C, then ends cleanly with status 0")
    func subscribeEndsOnInterrupt() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let subscribe = try RunningTool(["subscribe", "Thermometer", "2A1C", "--transport", served.transport])
        let first = await subscribe.nextLine()
        #expect(["00e8030000", "00e9030000"].contains(first ?? "none"), "\(first ?? "no output")")
        #expect(await subscribe.interrupt() == 0)
    }

    @Test("a refused write prints the ATT error as a sentence and exits with status 1")
    func refusedWrite() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(
            ["write", "Thermometer", "2A1D", "01", "--transport", served.transport])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.hasSuffix("bluetooth write: could not write 1809/2A1D: Writing is not permitted\n"),
            "\(outcome.standardError)")
    }

    @Test("read of a characteristic the peripheral lacks fails with a one-line reason and exit status 1")
    func readMissingCharacteristic() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["read", "Thermometer", "2A99", "--transport", served.transport])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("no characteristic 2A99"))
    }

    @Test("serve of a bad GATT file prints the element's path and what is wrong, and exits with status 1")
    func badGATTFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data(#"{ "services": [ { "uuid": "180D" }, { "uuid": "zz" } ] }"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try await CommandLineTool.run(["serve", file.path])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("services[1].uuid: not a UUID"))
    }

    @Test("explore on an unreachable transport ends, after its wait, with one failure line naming the spec, status 1")
    func unreachableTransport() async throws {
        let outcome = try await CommandLineTool.run(["explore", "Anything", "--transport", "tcp:127.0.0.1:1"])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(outcome.standardError)")
        let last = try #require(lines.last)
        #expect(
            last.hasPrefix(
                "bluetooth explore: no controller at 'tcp:127.0.0.1:1' within 10 s: cannot open transport "
                    + "'tcp:127.0.0.1:1'"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test(
        "explore --btsnoop writes a log in which tshark finds the ATT Read Requests",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tshark"), "tshark is not installed"))
    func exploreBTSnoop() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).btsnoop")
        defer { try? FileManager.default.removeItem(at: log) }
        let outcome = try await CommandLineTool.run(
            ["explore", "Thermometer", "--transport", served.transport, "--btsnoop", log.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let tshark = Process()
        tshark.executableURL = URL(fileURLWithPath: "/usr/bin/tshark")
        tshark.arguments = ["-r", log.path, "-Y", "btatt.opcode == 0x0a", "-T", "fields", "-e", "btatt.opcode"]
        let rows = FileManager.default.temporaryDirectory.appendingPathComponent("tshark-\(UUID())")
        _ = FileManager.default.createFile(atPath: rows.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: rows) }
        tshark.standardOutput = try FileHandle(forWritingTo: rows)
        tshark.standardError = FileHandle.nullDevice
        #expect(try await CommandLineTool.runToExit(tshark, timeout: .seconds(60)) == 0)
        let output = try String(contentsOf: rows, encoding: .utf8)
        let requests = output.split(separator: "\n")
        #expect(requests.count >= 5, "\(output)")
    }
}
