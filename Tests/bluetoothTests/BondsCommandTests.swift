import Foundation
import HCI
import Host
import Testing

@Suite("bluetooth bonds, run as an executable", .timeLimit(.minutes(2)))
struct BondsCommandTests {
    static let adapter = BluetoothAddress(rawValue: 0xC1_22_33_44_55_66)
    static let securePeer = BluetoothAddress(rawValue: 0x00_1B_DC_07_32_EF)
    static let legacyPeer = BluetoothAddress(rawValue: 0xD0_00_00_00_00_02)

    /// A bond directory holding two bonds of ``adapter``, written through the host's bond store.
    static func makeStore() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bonds-\(UUID().uuidString)").path
        var store = BondStore(adapter: adapter, directory: directory)
        try store.save(
            Bond(
                peerAddress: IdentityAddress(type: .public, address: securePeer),
                peerIdentityResolvingKey: 0x1111, peerSignatureKey: 0x2222,
                longTermKey: LongTermKey(value: 0x3333), isAuthenticated: true, isSecureConnections: true,
                localKeys: DistributedKeys(signatureKey: 0x4444)))
        try store.save(
            Bond(
                peerAddress: IdentityAddress(type: .random, address: legacyPeer),
                longTermKey: LongTermKey(value: 0x5555, ediv: 7, rand: 9), encryptionKeySize: 10,
                isAuthenticated: false, isSecureConnections: false,
                localKeys: DistributedKeys(longTermKey: LongTermKey(value: 0x6666, ediv: 1, rand: 2))))
        return directory
    }

    static func storeArguments(_ directory: String) -> [String] {
        ["--adapter", adapter.description, "--directory", directory]
    }

    @Test("bonds list prints one line per bond with its address, key size, authentication, SC and keys")
    func listsBonds() async throws {
        let directory = try Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try await CommandLineTool.run(["bonds", "list"] + Self.storeArguments(directory))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines.first
                == "00:1B:DC:07:32:EF (public)  key size 16  authenticated  LE Secure Connections  "
                + "peer keys: LTK IRK CSRK  our keys: CSRK")
        #expect(
            lines.last
                == "D0:00:00:00:00:02 (random)  key size 10  unauthenticated  LE legacy  "
                + "peer keys: LTK  our keys: LTK")
    }

    @Test("bonds list --json gives the adapter, the file and every bond's fields")
    func listsBondsAsJSON() async throws {
        let directory = try Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try await CommandLineTool.run(["bonds", "list", "--json"] + Self.storeArguments(directory))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["adapter"] as? String == Self.adapter.description)
        #expect(object["path"] as? String == "\(directory)/\(Self.adapter).json")
        let bonds = try #require(object["bonds"] as? [[String: Any]])
        #expect(bonds.compactMap { $0["address"] as? String } == ["00:1B:DC:07:32:EF", "D0:00:00:00:00:02"])
        #expect(bonds.compactMap { $0["addressType"] as? String } == ["public", "random"])
        #expect(bonds.compactMap { $0["keySize"] as? Int } == [16, 10])
        #expect(bonds.compactMap { $0["authenticated"] as? Bool } == [true, false])
        #expect(bonds.compactMap { $0["secureConnections"] as? Bool } == [true, false])
        #expect(bonds.compactMap { $0["peerKeys"] as? [String] } == [["LTK", "IRK", "CSRK"], ["LTK"]])
        #expect(bonds.compactMap { $0["localKeys"] as? [String] } == [["CSRK"], ["LTK"]])
    }

    @Test("bonds remove forgets one bond in the file and keeps the others")
    func removesBond() async throws {
        let directory = try Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try await CommandLineTool.run(
            ["bonds", "remove", Self.securePeer.description] + Self.storeArguments(directory))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        var store = BondStore(adapter: Self.adapter, directory: directory)
        try store.load()
        #expect(store.all().map(\.peerAddress.address) == [Self.legacyPeer])
    }

    @Test("bonds remove of a peer without a bond fails with a one-line reason and exit status 1")
    func removeAbsentBond() async throws {
        let directory = try Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try await CommandLineTool.run(
            ["bonds", "remove", "AA:BB:CC:DD:EE:FF"] + Self.storeArguments(directory))
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("no bond with AA:BB:CC:DD:EE:FF"))
        var store = BondStore(adapter: Self.adapter, directory: directory)
        try store.load()
        #expect(store.all().count == 2)
    }

    @Test("a damaged bond file is reported with the path it was moved to, and exit status 1")
    func damagedFile() async throws {
        let directory = try Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/\(Self.adapter).json"
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        let outcome = try await CommandLineTool.run(["bonds", "list"] + Self.storeArguments(directory))
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("is damaged"))
        let movedTo = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.contains(".damaged-") })
        #expect(outcome.standardError.contains("\(directory)/\(movedTo)"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("bonds remove on the virtual radio without --adapter explains that virtual controllers have no bond file")
    func virtualRemoveNeedsAdapter() async throws {
        let outcome = try await CommandLineTool.run([
            "bonds", "remove", Self.securePeer.description, "--transport", "virtual",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        #expect(outcome.standardError.contains("--adapter"))
    }

    @Test("bonds list without --adapter lists every adapter's bonds in the directory, each under its adapter")
    func listsEveryAdapter() async throws {
        let directory = try Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let other = BluetoothAddress(rawValue: 0xC0_00_00_00_00_07)
        var second = BondStore(adapter: other, directory: directory)
        try second.save(
            Bond(
                peerAddress: IdentityAddress(type: .public, address: Self.securePeer),
                longTermKey: LongTermKey(value: 0x7777), isAuthenticated: false, isSecureConnections: true))
        let outcome = try await CommandLineTool.run(["bonds", "list", "--directory", directory])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(outcome.standardOutput)")
        #expect(lines.first == "Adapter \(other) (\(directory)/\(other).json):")
        #expect(lines[2] == "Adapter \(Self.adapter) (\(directory)/\(Self.adapter).json):")
        #expect(lines.dropFirst().first?.hasPrefix("  00:1B:DC:07:32:EF (public)  key size 16") == true)
        let json = try await CommandLineTool.run(["bonds", "list", "--directory", directory, "--json"])
        let adapters = try json.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["adapter"]
                as? String
        }
        #expect(adapters == [other.description, Self.adapter.description])
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("bonds-\(UUID().uuidString)").path
        let none = try await CommandLineTool.run(["bonds", "list", "--directory", empty])
        #expect(none.status == 0)
        #expect(none.standardOutput == "No bonds in \(empty).\n")
    }

    @Test("an empty store lists no bonds and says so")
    func emptyStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bonds-\(UUID().uuidString)").path
        let outcome = try await CommandLineTool.run(["bonds", "list"] + Self.storeArguments(directory))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("No bonds for adapter \(Self.adapter)"))
    }
}
