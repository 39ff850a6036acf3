import Foundation
import Testing

@Suite("Bonds of throwaway identities stay out of the user's store", .timeLimit(.minutes(2)))
struct ThrowawayBondTests {
    static let gatt = """
        { "name": "Vault", "advertise": { "services": ["180F"] },
          "services": [ { "uuid": "180F", "characteristics": [
            { "uuid": "2A19", "properties": ["read"], "permissions": ["readEncryptionRequired"], "value": "2a" } ] } ] }
        """

    /// The files under `directory`, recursively, by path relative to it.
    static func files(under directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(path).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    @Test(
        "an encrypted read without --address leaves no bond file; with --address it keeps one, and bonds list shows it")
    func bondsFollowTheIdentity() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.path]
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let throwaway = try await CommandLineTool.run(
            ["read", "Vault", "2A19", "--transport", served.transport], environment: environment)
        #expect(throwaway.status == 0, "\(throwaway.standardError)")
        #expect(throwaway.standardOutput == "2a\n")
        #expect(Self.files(under: home) == [])

        let address = "C0:42:42:42:42:01"
        let kept = try await CommandLineTool.run(
            ["read", "Vault", "2A19", "--address", address, "--transport", served.transport], environment: environment)
        #expect(kept.status == 0, "\(kept.standardError)")
        #expect(Self.files(under: home).count >= 1, "\(Self.files(under: home))")
        let list = try await CommandLineTool.run(["bonds", "list", "--address", address], environment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        let lines = list.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(list.standardOutput)")
        #expect(lines.first?.contains("(random)  key size 16") == true, "\(list.standardOutput)")
    }
}
