import Foundation
import Glibc
import HCI
import Testing

@testable import Host

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
private struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "/bondstore-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

private let adapter = BluetoothAddress(rawValue: 0x00_1B_DC_0A_0B_0C)

private let secureConnectionsBond = Bond(
    peerAddress: IdentityAddress(type: .random, address: BluetoothAddress(rawValue: 0xC1_2233_4455_66)),
    peerIdentityResolvingKey: SMPSampleData.key128,
    peerSignatureKey: 0x0F0E_0D0C_0B0A_0908_0706_0504_0302_0100,
    longTermKey: LongTermKey(value: 0x69867911_69D7CD23_980522B5_94750A38),
    isAuthenticated: true,
    isSecureConnections: true,
    localKeys: DistributedKeys(
        identityResolvingKey: 0xFFEE_DDCC_BBAA_9988_7766_5544_3322_1100,
        identityAddress: IdentityAddress(type: .public, address: adapter)),
    clientConfiguration: BondedClientConfiguration(
        databaseHash: 0xABCD, clientFeatures: ClientSupportedFeatures(rawValue: 1),
        clientConfigurations: [AttributeHandle(rawValue: 0x0003): .notification]),
    applicationData: [0xDE, 0xAD, 0xBE, 0xEF])

private let legacyBond = Bond(
    peerAddress: IdentityAddress(type: .public, address: BluetoothAddress(rawValue: 0x56_1237_37BF_CE)),
    longTermKey: LongTermKey(value: 0x1234, ediv: 0xBEEF, rand: 0x0102_0304_0506_0708),
    encryptionKeySize: 7,
    isAuthenticated: false,
    isSecureConnections: false,
    localKeys: DistributedKeys(
        longTermKey: LongTermKey(value: 0x5678, ediv: 0x0042, rand: 0xFFFF_FFFF_FFFF_FFFF),
        signatureKey: 0x99))

@Suite("Bond store", .timeLimit(.minutes(2)))
struct BondStoreTests {
    @Test("bonds saved to the file come back in a new store, field for field")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path + "/nested/bluetooth")
        try store.save(secureConnectionsBond)
        try store.save(legacyBond)

        var reopened = BondStore(adapter: adapter, directory: directory.path + "/nested/bluetooth")
        try reopened.load()
        #expect(reopened.all() == [legacyBond, secureConnectionsBond])
        #expect(reopened.bond(for: secureConnectionsBond.peerAddress.address) == secureConnectionsBond)
        #expect(reopened.path.hasSuffix("/nested/bluetooth/00:1B:DC:0A:0B:0C.json"))
    }

    @Test("the file holds keys as lowercase hex and no temporary file is left behind")
    func fileForm() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path)
        try store.save(secureConnectionsBond)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains("\"irk\" : \"ec0234a357c8ad05341010a60a397d9b\""))
        #expect(text.contains("\"version\" : 1"))
        #expect(text.contains("\"adapter\" : \"00:1B:DC:0A:0B:0C\""))
        #expect(directory.contents() == ["00:1B:DC:0A:0B:0C.json"])
    }

    @Test("the bond file is readable and writable by its owner only")
    func fileMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path + "/bluetooth")
        try store.save(legacyBond)
        var status = stat()
        try #require(stat(store.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        try #require(stat(directory.path + "/bluetooth", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
    }

    @Test(
        "a damaged file is moved aside and reported, and the store starts empty",
        arguments: [
            ("{ not json", "not a bond file"),
            ("{\"version\": 2, \"adapter\": \"00:1B:DC:0A:0B:0C\", \"bonds\": []}", "unsupported version 2"),
            ("{\"version\": 1, \"adapter\": \"11:22:33:44:55:66\", \"bonds\": []}", "belongs to adapter"),
            (
                "{\"version\": 1, \"adapter\": \"00:1B:DC:0A:0B:0C\", \"bonds\": [{\"address\": \"C1:22:33:44:55:66\","
                    + " \"addressType\": \"random\", \"irk\": \"123\", \"keySize\": 16, \"authenticated\": true,"
                    + " \"secureConnections\": true, \"local\": {}}]}",
                "odd-length hex"
            ),
        ])
    func damagedFile(contents: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path)
        try contents.write(toFile: store.path, atomically: false, encoding: .utf8)
        do {
            try store.load()
            Issue.record("a damaged file loaded")
        } catch {
            guard case .damagedFile(let path, let movedTo, let why) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == store.path)
            #expect(movedTo.hasPrefix(store.path + ".damaged-"))
            #expect(why.contains(reason))
            #expect(try String(contentsOfFile: movedTo, encoding: .utf8) == contents)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(store.all().isEmpty)
        try store.save(legacyBond)
        #expect(directory.contents().count == 2)
    }

    @Test("a missing file is an empty store")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path + "/absent")
        try store.load()
        #expect(store.all().isEmpty)
    }

    @Test("a removed bond is gone from the file too")
    func remove() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path)
        try store.save(secureConnectionsBond)
        try store.save(legacyBond)
        try store.remove(secureConnectionsBond.peerAddress.address)
        try store.remove(BluetoothAddress(rawValue: 0x42))
        var reopened = BondStore(adapter: adapter, directory: directory.path)
        try reopened.load()
        #expect(reopened.all() == [legacyBond])
        #expect(store.all() == [legacyBond])
    }

    @Test("a save that cannot write leaves the store as it was")
    func failedSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try "a file, not a directory".write(toFile: directory.path + "/blocker", atomically: false, encoding: .utf8)
        var store = BondStore(adapter: adapter, directory: directory.path + "/blocker/bluetooth")
        #expect(throws: BondStoreError.self) { try store.save(legacyBond) }
        #expect(store.all().isEmpty)
    }

    @Test("a resolvable private address resolves to the bond whose IRK made it (Vol 3, Part H, 2.2.2 sample)")
    func resolvesPrivateAddresses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = BondStore(adapter: adapter, directory: directory.path)
        try store.save(legacyBond)
        try store.save(secureConnectionsBond)
        let privateAddress = BluetoothAddress(rawValue: 0x70_8194_0D_FBAA)
        #expect(privateAddress.isResolvable(with: SMPSampleData.key128))
        #expect(store.resolve(privateAddress) == secureConnectionsBond)
        #expect(store.resolve(BluetoothAddress(rawValue: 0x70_8194_0D_FBAB)) == nil)
        #expect(store.resolve(secureConnectionsBond.peerAddress.address) == secureConnectionsBond)
        #expect(store.resolve(BluetoothAddress(rawValue: 0xC0_0000_0D_FBAA)) == nil)
    }

    @Test("the default directory follows XDG_DATA_HOME, then HOME")
    func defaultDirectory() throws {
        #expect(
            BondStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]) == "/data/bluetooth")
        #expect(
            BondStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/bluetooth")
        #expect(BondStore.defaultDirectory(environment: [:]) == nil)
        #expect(throws: BondStoreError.noDataDirectory) { try BondStore(adapter: adapter, environment: [:]) }
        let store = try BondStore(adapter: adapter, environment: ["HOME": "/home/u"])
        #expect(store.path == "/home/u/.local/share/bluetooth/00:1B:DC:0A:0B:0C.json")
    }

    @Test(
        "bonds made from both sides of a pairing agree on the key that encrypts their next link",
        arguments: [true, false])
    func bondsFromPairing(secureConnections: Bool) throws {
        let initiator = PairingConfiguration(
            supportsSecureConnections: secureConnections, identity: PairingFixtures.initiatorIdentity)
        let responder = PairingConfiguration(
            supportsSecureConnections: secureConnections, identity: PairingFixtures.responderIdentity)
        var harness = PairingHarness(initiator: initiator, responder: responder)
        harness.start()
        let central = Bond(result: try #require(harness.results[.initiator]), peerAddress: SMPSampleData.a2)
        let peripheral = Bond(result: try #require(harness.results[.responder]), peerAddress: SMPSampleData.a1)
        #expect(central.peerAddress == PairingFixtures.responderIdentity.address)
        #expect(peripheral.peerAddress == PairingFixtures.initiatorIdentity.address)
        let key = try #require(central.longTermKey)
        #expect(peripheral.longTermKey(forEDIV: key.ediv, rand: key.rand) == key.value)
        #expect(peripheral.longTermKey(forEDIV: key.ediv &+ 1, rand: key.rand) == nil)
        #expect(central.isSecureConnections == secureConnections)
        #expect(central.peerIdentityResolvingKey == PairingFixtures.responderIdentity.identityResolvingKey)
    }
}
