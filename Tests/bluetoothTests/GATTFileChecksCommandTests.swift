import Foundation
import Testing

@Suite("serve checks what a GATT file promises, and says what it advertises", .timeLimit(.minutes(2)))
struct GATTFileChecksCommandTests {
    /// Runs `serve` on a file holding `text`.
    private func serve(_ text: String) async throws -> CommandLineTool.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gatt-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await CommandLineTool.run(["serve", file.path])
    }

    @Test(
        "a property no permission allows is refused with its path and the permission to add",
        arguments: [
            (
                #"["read"], "permissions": ["writeable"]"#,
                "'read' is listed but no permission allows it: add 'readable' or 'readEncryptionRequired'"
            ),
            (
                #"["read", "write"], "permissions": ["readable"]"#,
                "a write property is listed but no permission allows it: add 'writeable' or 'writeEncryptionRequired'"
            ),
        ])
    func propertyWithoutPermission(_ access: String, _ message: String) async throws {
        let outcome = try await serve(
            #"{ "services": [ { "uuid": "180F", "characteristics": [ { "uuid": "2A19", "properties": "#
                + access + " } ] } ] }")
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasSuffix("services[0].characteristics[0].permissions: \(message)\n"))
    }

    @Test("a secondary service that no service includes is refused, naming it")
    func unreachableSecondaryService() async throws {
        let outcome = try await serve(
            #"{ "services": [ { "uuid": "1809" }, { "uuid": "180F", "primary": false } ] }"#)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "services[1].primary: secondary service 180F is included by no service, so no central can find it"),
            "\(outcome.standardError)")
    }

    @Test("a file without a name advertises the host name, as the docs say; without services it lists none")
    func defaultName() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gatt-\(UUID().uuidString).json")
        try Data(#"{ "services": [ { "uuid": "1809" } ] }"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let serve = try RunningTool(["serve", file.path])
        var advertising: String?
        while let line = await serve.nextLine() {
            if line.hasPrefix("Advertising") {
                advertising = line
                break
            }
        }
        #expect(advertising == "Advertising \(ProcessInfo.processInfo.hostName).")
        #expect(await serve.interrupt() == 0)
    }

    @Test("serve of a file that is not there gives the system's reason, not Foundation's sentence")
    func missingFile() async throws {
        let path = "/nonexistent-\(UUID().uuidString).json"
        let outcome = try await CommandLineTool.run(["serve", path])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == "bluetooth serve: \(path): cannot read \(path): No such file or directory\n",
            "\(outcome.standardError)")
    }
}
