import Foundation
import Testing

@Suite("Names as a user types them: targets regardless of case, misspellings answered", .timeLimit(.minutes(2)))
struct TargetNameCommandTests {
    /// A peripheral called `name` whose 2A21 reads `value`.
    static func gatt(name: String, value: String) -> String {
        """
        { "name": "\(name)", "advertise": { "services": ["1809"] },
          "services": [ { "uuid": "1809", "characteristics": [
            { "uuid": "2A21", "properties": ["read"], "permissions": ["readable"], "value": "\(value)" } ] } ] }
        """
    }

    @Test("a misspelled target waits, then says it was not found and lists the names it saw")
    func misspelledTarget() async throws {
        let served = try await ServedPeripheral.start(Self.gatt(name: "Thermometer", value: "01"))
        defer { served.stop() }
        let outcome = try await CommandLineTool.run([
            "read", "Thermomter", "2A21", "--timeout", "2", "--transport", served.transport,
        ])
        #expect(outcome.status == 1)
        let last = outcome.standardError.split(separator: "\n").last.map(String.init)
        #expect(last == "bluetooth read: 'Thermomter' not found within 2 s; names seen: 'Thermometer'")
    }

    @Test("a name matches regardless of case, and an exact match wins over one that differs only in case")
    func caseInsensitiveNames() async throws {
        let served = try await ServedPeripheral.start(Self.gatt(name: "Thermometer", value: "01"))
        defer { served.stop() }
        let lower = try await CommandLineTool.run(["read", "THERMOMETER", "2A21", "--transport", served.transport])
        #expect(lower.status == 0, "\(lower.standardError)")
        #expect(lower.standardOutput == "01\n")
        let (other, file) = try await served.serveAnother(Self.gatt(name: "thermometer", value: "02"))
        defer {
            _ = other.stop()
            try? FileManager.default.removeItem(at: file)
        }
        let exact = try await CommandLineTool.run(["read", "thermometer", "2A21", "--transport", served.transport])
        #expect(exact.status == 0, "\(exact.standardError)")
        #expect(exact.standardOutput == "02\n")
        let neither = try await CommandLineTool.run(["read", "THERMOMETER", "2A21", "--transport", served.transport])
        #expect(neither.status == 1)
        #expect(neither.standardError.contains("'THERMOMETER' matches 2 peripherals"), "\(neither.standardError)")
    }

    @Test("a misspelled subcommand is a usage error that suggests the command meant, at any level")
    func misspelledSubcommand() async throws {
        let root = try await CommandLineTool.run(["scna"])
        #expect(root.status == 2)
        #expect(root.standardError.hasSuffix("Did you mean 'bluetooth scan'?\n"), "\(root.standardError)")
        let nested = try await CommandLineTool.run(["bonds", "lst"])
        #expect(nested.status == 2)
        #expect(nested.standardError.hasSuffix("Did you mean 'bluetooth bonds list'?\n"), "\(nested.standardError)")
        let unrelated = try await CommandLineTool.run(["xyzzy"])
        #expect(unrelated.status == 2)
        #expect(!unrelated.standardError.contains("Did you mean"))
    }
}
