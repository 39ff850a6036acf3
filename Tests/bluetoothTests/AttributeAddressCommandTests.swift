import Foundation
import Testing

@Suite(
    "read, write and subscribe address every attribute: by service, instance, descriptor and handle",
    .timeLimit(.minutes(2)))
struct AttributeAddressCommandTests {
    /// A secondary service included by a primary one, a characteristic UUID twice in one service, a service UUID
    /// twice, and one characteristic UUID in three services.
    static let gatt = """
        {
          "name": "Twins",
          "advertise": { "services": ["1809"] },
          "services": [
            { "uuid": "180F", "primary": false,
              "characteristics": [ { "uuid": "2A19", "properties": ["read", "notify"], "permissions": ["readable"],
                                     "initialValue": "64", "notify": { "intervalMs": 50, "values": ["63"] },
                                     "descriptors": [ { "uuid": "2901", "value": "text:Battery" } ] } ] },
            { "uuid": "1809", "primary": true, "includes": ["180F"],
              "characteristics": [
                { "uuid": "2A21", "properties": ["read", "write"], "permissions": ["readable", "writeable"],
                  "initialValue": "0100" },
                { "uuid": "2A21", "properties": ["read", "write"], "permissions": ["readable", "writeable"],
                  "initialValue": "0200" } ] },
            { "uuid": "181A", "primary": true,
              "characteristics": [ { "uuid": "2A19", "properties": ["read"], "permissions": ["readable"],
                                     "value": "10" } ] },
            { "uuid": "181A", "primary": true,
              "characteristics": [ { "uuid": "2A19", "properties": ["read"], "permissions": ["readable"],
                                     "value": "20" } ] }
          ]
        }
        """

    /// Runs `bluetooth COMMAND Twins ARGUMENTS` on the served peripheral's air.
    private func run(
        _ command: String, _ arguments: [String], on served: ServedPeripheral
    ) async throws
        -> CommandLineTool.Outcome
    {
        try await CommandLineTool.run([command, "Twins"] + arguments + ["--transport", served.transport])
    }

    @Test("a characteristic of a secondary service is read and subscribed to, by its UUID alone or with its service")
    func secondaryService() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let withService = try await run("read", ["180F/2A19"], on: served)
        #expect(withService.status == 0, "\(withService.standardError)")
        #expect(["64\n", "63\n"].contains(withService.standardOutput))
        let subscribe = try await run("subscribe", ["2A19", "--count", "1"], on: served)
        #expect(subscribe.status == 0, "\(subscribe.standardError)")
        #expect(subscribe.standardOutput == "63\n")
        #expect(subscribe.standardError.contains("subscribed to 180F/2A19"))
    }

    @Test("a bare UUID that several characteristics share takes the first, with a note naming the others")
    func ambiguousUUID() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let outcome = try await run("read", ["2A21"], on: served)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "0100\n")
        #expect(
            outcome.standardError.contains("note: 2A21 fits 2 attributes; using 1809/2A21#1, not 1809/2A21#2"),
            "\(outcome.standardError)")
    }

    @Test("#N picks an instance: among a service's characteristics, among services, and in the whole tree")
    func instances() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let write = try await run("write", ["1809/2A21#2", "0900"], on: served)
        #expect(write.status == 0, "\(write.standardError)")
        #expect(write.standardOutput == "Wrote 0900 to 1809/2A21#2.\n")
        #expect(try await run("read", ["1809/2A21#2"], on: served).standardOutput == "0900\n")
        #expect(try await run("read", ["2A21"], on: served).standardOutput == "0100\n")
        #expect(try await run("read", ["181A#2/2A19"], on: served).standardOutput == "20\n")
        #expect(try await run("read", ["2A19#2"], on: served).standardOutput == "10\n")
    }

    @Test("a descriptor is read by its path, and a write to it reaches the peripheral, which refuses it")
    func descriptors() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let text = Array("Battery".utf8).map { String(format: "%02x", $0) }.joined()
        let full = try await run("read", ["180F/2A19/2901"], on: served)
        #expect(full.status == 0, "\(full.standardError)")
        #expect(full.standardOutput == text + "\n")
        #expect(try await run("read", ["2A19/2901"], on: served).standardOutput == text + "\n")
        let write = try await run("write", ["2A19/2901", "00"], on: served)
        #expect(write.status == 1)
        #expect(
            write.standardError.hasSuffix(
                "bluetooth write: could not write 180F/2A19/2901: Writing is not permitted\n"),
            "\(write.standardError)")
        let subscribe = try await run("subscribe", ["2A19/2901"], on: served)
        #expect(subscribe.status == 1)
        #expect(subscribe.standardError.contains("180F/2A19/2901 is a descriptor; subscribe takes a characteristic"))
        let configuration = try await run("write", ["180F/2A19/2902", "0100"], on: served)
        #expect(configuration.status == 1)
        #expect(configuration.standardError.contains("use subscribe"), "\(configuration.standardError)")
    }

    @Test(
        "an attribute that is not there fails naming it and listing those that are, with their handles, by which they are read"
    )
    func notFoundListsAndHandles() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let missing = try await run("read", ["180F/2A99"], on: served)
        #expect(missing.status == 1)
        let line = try #require(missing.standardError.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("bluetooth read: no characteristic or descriptor 180F/2A99; the characteristics are "))
        for name in ["180F/2A19", "1809/2A21#1", "1809/2A21#2", "181A#1/2A19", "181A#2/2A19", "180F/2A19/2901"] {
            #expect(line.contains(name + " (0x"), "\(name) in \(line)")
        }
        let noHandle = try await run("read", ["0xFFF0"], on: served)
        #expect(noHandle.status == 1)
        #expect(
            noHandle.standardError.contains("no characteristic or descriptor at handle 0xFFF0; the characteristics are")
        )
        let listed = try #require(line.range(of: "181A#2/2A19 (0x"))
        let handle = "0x" + line[listed.upperBound...].prefix(4)
        let byHandle = try await run("read", [handle], on: served)
        #expect(byHandle.status == 0, "\(byHandle.standardError)")
        #expect(byHandle.standardOutput == "20\n")
    }

    @Test("--help explains addresses, and an address that is not one is a usage error")
    func helpAndUsage() async throws {
        let help = try await CommandLineTool.run(["read", "--help"])
        #expect(help.standardOutput.contains("180F/2A19/2901"))
        #expect(help.standardOutput.contains("2A19#2, 180F#2/2A19"))
        let bad = try await CommandLineTool.run(["write", "Twins", "180F/zz", "00"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("'zz' is not a UUID"), "\(bad.standardError)")
        let deep = try await CommandLineTool.run(["read", "Twins", "1809/2A21/2901/2902"])
        #expect(deep.status == 2)
        #expect(deep.standardError.contains("at most three"), "\(deep.standardError)")
    }
}
