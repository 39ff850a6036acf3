import Foundation
import HCI
import Host
import Testing

@Suite("Signed writes")
struct SignedWriteTests {
    static let echo = GATTFixtures.handle(0x19)

    @Test("an Authentication Signature starts with the SignCounter and changes with the counter, key and message")
    func signatureShape() {
        let key: UInt128 = 0x2BD6_4E7D_1C4B_5A2F_6C10_9DC5_F0A7_3E19
        let message: [UInt8] = [0xD2, 0x19, 0x00, 0x42]
        let signature = CryptoToolbox.signature(key: key, message: message, signCounter: 0x0102_0304)
        #expect(signature.count == ATTSignedWriteCommand.signatureLength)
        #expect(Array(signature.prefix(4)) == [0x04, 0x03, 0x02, 0x01])
        #expect(CryptoToolbox.signCounter(of: signature) == 0x0102_0304)
        #expect(CryptoToolbox.signature(key: key, message: message, signCounter: 0x0102_0304) == signature)
        #expect(CryptoToolbox.signature(key: key, message: message, signCounter: 0x0102_0305).suffix(8) != signature.suffix(8))
        #expect(CryptoToolbox.signature(key: key ^ 1, message: message, signCounter: 0x0102_0304) != signature)
        #expect(CryptoToolbox.signature(key: key, message: message + [0], signCounter: 0x0102_0304) != signature)
    }

    @Test("after bonding with a CSRK, signed writes reach the server's application; once the server forgets the bond they are dropped silently")
    func signedWritesAfterBonding() async throws {
        var central = PairingConfiguration()
        central.keysToDistribute.insert(.signKey)
        let pair = try await SecurePair.make(central: central)
        let link = try await pair.connect()
        try await pair.central.pair(link.central.handle)
        for (events, handle) in [(pair.centralEvents, link.central.handle), (pair.peripheralEvents, link.peripheral.handle)] {
            try await events.next { event -> Bool? in
                guard case .pairingCompleted(handle, true) = event else { return nil }
                return true
            }
        }
        let centralBond = try #require(await pair.central.bonds.first)
        let peripheralBond = try #require(await pair.peripheral.bonds.first)
        #expect(centralBond.localKeys.signatureKey != nil)
        #expect(peripheralBond.peerSignatureKey == centralBond.localKeys.signatureKey)

        for value: [UInt8] in [[0x51], [0x52]] {
            try await pair.central.signedWrite(value, to: Self.echo, on: link.central.handle)
            let written = try await Self.nextWrite(pair, link.peripheral.handle)
            #expect(written == value)
        }
        #expect(await pair.central.bonds.first?.localSignCounter == 2)
        #expect(await pair.peripheral.bonds.first?.peerSignCounter == 1)

        try await pair.peripheral.removeBond(link.peripheral.peerAddress)
        try await pair.central.signedWrite([0x53], to: Self.echo, on: link.central.handle)
        try await pair.central.writeWithoutResponse([0x54], to: Self.echo, on: link.central.handle)
        #expect(try await Self.nextWrite(pair, link.peripheral.handle) == [0x54])
        await pair.stop()
    }

    @Test("a signed write without a bond holding our CSRK fails with noSignatureKey")
    func signedWriteNeedsKey() async throws {
        let pair = try await SecurePair.make()
        let link = try await pair.connect()
        await #expect(throws: HostError.noSignatureKey(link.central.handle)) {
            try await pair.central.signedWrite([0x01], to: Self.echo, on: link.central.handle)
        }
        await pair.stop()
    }

    @Test("SignCounters are kept in the bond file and read back")
    func countersPersist() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signing-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let adapter = ControllerSetupOptions.makeStaticRandomAddress()
        var bond = Bond(
            peerAddress: IdentityAddress(type: .public, address: BluetoothAddress(rawValue: 0x0011_2233_4455)),
            peerSignatureKey: 0x77, longTermKey: LongTermKey(value: 0x99), isAuthenticated: false,
            isSecureConnections: true, localKeys: DistributedKeys(signatureKey: 0x88))
        bond.localSignCounter = 41
        bond.peerSignCounter = 7
        var store = BondStore(adapter: adapter, directory: directory)
        try store.save(bond)
        var reopened = BondStore(adapter: adapter, directory: directory)
        try reopened.load()
        #expect(reopened.all() == [bond])
    }

    static func nextWrite(_ pair: SecurePair, _ handle: ConnectionHandle) async throws -> [UInt8] {
        try await pair.peripheralEvents.next { event -> [UInt8]? in
            guard case .serverRequest(let request) = event, request.connection == handle,
                case .writeWithoutResponse(let write) = request.kind
            else { return nil }
            return write.value
        }
    }
}
