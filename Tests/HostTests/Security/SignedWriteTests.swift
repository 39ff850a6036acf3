import Foundation
import HCI
import Host
import HostTestSupport
import Testing

@Suite("Signed writes", .timeLimit(.minutes(2)))
struct SignedWriteTests {
    static let echo = GATTFixtures.handle(0x19)
    static let signable = GATTFixtures.uuid("A0B40011-926D-4D61-98DF-8C5C62EE53B3")
    static let signableSecret = GATTFixtures.uuid("A0B40012-926D-4D61-98DF-8C5C62EE53B3")

    /// The GATT fixtures and, after them, a service whose characteristics take signed writes: one any client
    /// may write, one only a client on an encrypted link may write.
    static let services =
        GATTFixtures.services + [
            ServiceDefinition(
                uuid: GATTFixtures.uuid("A0B40010-926D-4D61-98DF-8C5C62EE53B3"),
                characteristics: [
                    CharacteristicDefinition(
                        uuid: signable, properties: [.writeWithoutResponse, .authenticatedSignedWrites],
                        permissions: .writeable),
                    CharacteristicDefinition(
                        uuid: signableSecret, properties: .authenticatedSignedWrites,
                        permissions: .writeEncryptionRequired),
                ])
        ]

    static func valueHandle(of uuid: BluetoothUUID) throws -> AttributeHandle {
        let database = try AttributeDatabase(deviceName: "GATT Test", services: services)
        let characteristic = database.services.lazy.compactMap { $0.characteristic(uuid) }.first
        return try #require(characteristic).valueHandle
    }

    /// The key and message of RFC 4493 (Core Specification Vol 3, Part H, Appendix D.1) in the order Zephyr's
    /// signing self-test gives them: the CSRK as it is distributed, least significant octet first, reads as the
    /// RFC key; the message is in air order and the SignCounter is zero.
    static let rfcKey: UInt128 = 0x2B7E_1516_28AE_D2A6_ABF7_1588_09CF_4F3C
    static let rfcMessage: [UInt8] = [
        0x6B, 0xC1, 0xBE, 0xE2, 0x2E, 0x40, 0x9F, 0x96, 0xE9, 0x3D, 0x7E, 0x11, 0x73, 0x93, 0x17, 0x2A,
        0xAE, 0x2D, 0x8A, 0x57, 0x1E, 0x03, 0xAC, 0x9C, 0x9E, 0xB7, 0x6F, 0xAC, 0x45, 0xAF, 0x8E, 0x51,
        0x30, 0xC8, 0x1C, 0x46, 0xA3, 0x5C, 0xE4, 0x11, 0xE5, 0xFB, 0xC1, 0x19, 0x1A, 0x0A, 0x52, 0xEF,
        0xF6, 0x9F, 0x24, 0x45, 0xDF, 0x4F, 0x9B, 0x17, 0xAD, 0x2B, 0x41, 0x7B, 0xE6, 0x6C, 0x37, 0x10,
    ]

    @Test(
        "Authentication Signatures match Zephyr's signing self-test vectors for messages of 0, 16, 40 and 64 octets",
        arguments: [
            (0, [0x00, 0x00, 0x00, 0x00, 0xB3, 0xA8, 0x59, 0x41, 0x27, 0xEB, 0xC2, 0xC0]),
            (16, [0x00, 0x00, 0x00, 0x00, 0x27, 0x39, 0x74, 0xF4, 0x39, 0x2A, 0x23, 0x2A]),
            (40, [0x00, 0x00, 0x00, 0x00, 0xB7, 0xCA, 0x94, 0xAB, 0x87, 0xC7, 0x82, 0x18]),
            (64, [0x00, 0x00, 0x00, 0x00, 0x44, 0xE1, 0xE6, 0xCE, 0x1D, 0xF5, 0x13, 0x68]),
        ] as [(Int, [UInt8])])
    func zephyrVectors(length: Int, expected: [UInt8]) {
        let signature = CryptoToolbox.signature(
            key: Self.rfcKey, message: Array(Self.rfcMessage.prefix(length)), signCounter: 0)
        #expect(signature == expected)
    }

    /// Worked out apart from our code (Python, `cryptography`'s AES-CMAC): key = the CSRK most significant octet
    /// first, CMAC input = (opcode, handle, value, SignCounter little-endian) reversed, signature = SignCounter
    /// little-endian then the CMAC's 8 most significant octets, least significant first.
    @Test("the signature of a Signed Write Command with a non-zero SignCounter matches independently computed bytes")
    func signedWriteVector() throws {
        let key: UInt128 = 0x2BD6_4E7D_1C4B_5A2F_6C10_9DC5_F0A7_3E19
        let command = ATTSignedWriteCommand(
            handle: GATTFixtures.handle(0x0019), value: [0x42, 0x43],
            signature: CryptoToolbox.signature(
                key: key, message: [0xD2, 0x19, 0x00, 0x42, 0x43], signCounter: 0x0102_0304))
        #expect(command.signedBytes == [0xD2, 0x19, 0x00, 0x42, 0x43])
        #expect(
            command.signature == [0x04, 0x03, 0x02, 0x01, 0x0C, 0x09, 0xA4, 0xEF, 0x0D, 0x3B, 0xC7, 0x90])
        #expect(CryptoToolbox.signCounter(of: command.signature) == 0x0102_0304)
        let encoded = ATTPDU.signedWriteCommand(command).encoded
        #expect(encoded == command.signedBytes + command.signature)
    }

    @Test(
        "a bonded client's signed writes reach the server's application on an unencrypted link, and both bonds keep the SignCounters"
    )
    func signedWritesAfterBonding() async throws {
        let pair = try await Self.signingPair()
        let link = try await Self.unencryptedLink(pair)
        let signable = try Self.valueHandle(of: Self.signable)
        let centralBond = try #require(await pair.central.bonds.first)
        let peripheralBond = try #require(await pair.peripheral.bonds.first)
        #expect(centralBond.longTermKey == nil)
        #expect(centralBond.localKeys.signatureKey != nil)
        #expect(peripheralBond.peerSignatureKey == centralBond.localKeys.signatureKey)

        for value: [UInt8] in [[0x51], [0x52]] {
            try await pair.central.signedWrite(value, to: signable, on: link.central.handle)
            #expect(try await Self.nextWrite(pair.peripheralEvents, link.peripheral.handle) == value)
        }
        #expect(pair.centralSignedWrites.records.count == 2)
        #expect(await pair.central.bonds.first?.localSignCounter == 2)
        #expect(await pair.peripheral.bonds.first?.peerSignCounter == 1)

        try await pair.peripheral.removeBond(link.peripheral.peerAddress)
        try await Self.expectDropped(
            pair, link, sending: { try await pair.central.signedWrite([0x53], to: signable, on: link.central.handle) },
            sentinel: signable)
        await pair.stop()
    }

    @Test("a replayed Signed Write Command is dropped, on the same link and after the server restarts")
    func replayIsDropped() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let setup = ControllerSetupOptions(
            staticRandomAddress: ControllerSetupOptions.makeStaticRandomAddress())
        let pair = try await Self.signingPair(peripheralSetup: setup, peripheralBondDirectory: directory)
        let link = try await Self.unencryptedLink(pair)
        let signable = try Self.valueHandle(of: Self.signable)
        try await pair.central.signedWrite([0x61], to: signable, on: link.central.handle)
        #expect(try await Self.nextWrite(pair.peripheralEvents, link.peripheral.handle) == [0x61])
        let captured = try #require(pair.centralSignedWrites.records.first)

        try await Self.expectDropped(
            pair, link, sending: { try await pair.centralController.send(.acl(captured)) }, sentinel: signable)

        try await pair.disconnect(link)
        await pair.peripheral.stop()
        let restarted = try await BluetoothHost.start(
            transport: await pair.hosts.air.makeController(),
            configuration: HostConfiguration(
                setup: setup, deviceName: "GATT Test", services: Self.services, bondDirectory: directory))
        #expect(await restarted.bonds.first?.peerSignCounter == 0)
        let restartedEvents = EventRecorder(restarted.events)
        restartedEvents.onEvent = { event in
            guard case .serverRequest(let request) = event else { return }
            Task { await restarted.respond(to: request.id, with: .written) }
        }
        try await restarted.startAdvertising(AdvertisementContent(localName: "GATT Test"))
        let again = try await pair.central.connect(
            to: link.central.peerAddress, type: link.central.peerAddressType, timeout: .seconds(10))
        let restartedLink = try await restartedEvents.next { event -> HostLink? in
            guard case .connected(let link) = event else { return nil }
            return link
        }
        #expect(await pair.central.security(of: again.handle) == .unencrypted)
        var replayed = captured
        replayed.handle = again.handle
        try await pair.centralController.send(.acl(replayed))
        try await pair.central.writeWithoutResponse([0x62], to: signable, on: again.handle)
        #expect(try await Self.nextWrite(restartedEvents, restartedLink.handle) == [0x62])
        try await pair.central.signedWrite([0x63], to: signable, on: again.handle)
        #expect(try await Self.nextWrite(restartedEvents, restartedLink.handle) == [0x63])
        #expect(await restarted.bonds.first?.peerSignCounter == 1)
        await restarted.stop()
        await pair.stop()
    }

    @Test("a signed write to a characteristic without the Authenticated Signed Writes property is dropped")
    func unsignableCharacteristic() async throws {
        let pair = try await Self.signingPair()
        let link = try await Self.unencryptedLink(pair)
        try await Self.expectDropped(
            pair, link, sending: { try await pair.central.signedWrite([0x71], to: Self.echo, on: link.central.handle) },
            sentinel: Self.echo)
        #expect(await pair.peripheral.bonds.first?.peerSignCounter == nil)
        await pair.stop()
    }

    @Test("a signed write meets the attribute's permissions on the unencrypted link: one needing encryption drops it")
    func permissionsStillApply() async throws {
        let pair = try await Self.signingPair()
        let link = try await Self.unencryptedLink(pair)
        let secret = try Self.valueHandle(of: Self.signableSecret)
        try await Self.expectDropped(
            pair, link, sending: { try await pair.central.signedWrite([0x72], to: secret, on: link.central.handle) },
            sentinel: try Self.valueHandle(of: Self.signable))
        await pair.stop()
    }

    @Test(
        "on an encrypted link the client writes with a Write Command instead, and the server drops a Signed Write Command"
    )
    func encryptedLink() async throws {
        let pair = try await Self.signingPair()
        let link = try await Self.unencryptedLink(pair)
        let signable = try Self.valueHandle(of: Self.signable)
        try await pair.central.signedWrite([0x81], to: signable, on: link.central.handle)
        #expect(try await Self.nextWrite(pair.peripheralEvents, link.peripheral.handle) == [0x81])
        let fresh = try #require(pair.centralSignedWrites.records.first)
        pair.centralSignedWrites.reset()

        try await pair.central.pair(link.central.handle)
        #expect(await pair.peripheral.security(of: link.peripheral.handle).level == .encrypted)
        try await pair.central.signedWrite([0x82], to: signable, on: link.central.handle)
        #expect(try await Self.nextWrite(pair.peripheralEvents, link.peripheral.handle) == [0x82])
        #expect(pair.centralSignedWrites.records.isEmpty)

        let bond = try #require(await pair.peripheral.bonds.first)
        let key = try #require(bond.peerSignatureKey)
        let counter = (bond.peerSignCounter ?? 0) + 1
        let command = ATTSignedWriteCommand(
            handle: signable, value: [0x83],
            signature: CryptoToolbox.signature(
                key: key, message: [0xD2] + Self.bytes(signable) + [0x83], signCounter: counter))
        let sdu = ATTPDU.signedWriteCommand(command).encoded
        let frame = [UInt8(sdu.count), 0x00, 0x04, 0x00] + sdu
        try await Self.expectDropped(
            pair, link,
            sending: {
                try await pair.centralController.send(
                    .acl(ACLDataPacket(handle: link.central.handle, boundary: fresh.boundary, data: frame)))
            },
            sentinel: signable)
        #expect(await pair.peripheral.bonds.first?.peerSignCounter == bond.peerSignCounter)
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signing-\(UUID().uuidString)")
            .path
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

    /// Two hosts that bond with LE legacy pairing, the central giving a CSRK and the peripheral no LTK, so that
    /// the central does not encrypt when it connects again and signed writes are the way to authenticate.
    static func signingPair(
        peripheralSetup: ControllerSetupOptions = .init(), peripheralBondDirectory: String? = nil
    ) async throws -> SecurePair {
        var central = PairingConfiguration(supportsSecureConnections: false)
        central.keysToDistribute = [.signKey]
        var peripheral = PairingConfiguration(supportsSecureConnections: false)
        peripheral.keysToDistribute = []
        return try await SecurePair.make(
            central: central, peripheral: peripheral, peripheralSetup: peripheralSetup,
            peripheralBondDirectory: peripheralBondDirectory, services: services)
    }

    /// Bonds the pair, then disconnects and connects again: the new link stays unencrypted.
    static func unencryptedLink(_ pair: SecurePair) async throws -> (central: HostLink, peripheral: HostLink) {
        let first = try await pair.connect()
        try await pair.pairAndBond(first)
        try await pair.disconnect(first)
        let link = try await pair.connect()
        #expect(await pair.central.security(of: link.central.handle) == .unencrypted)
        return link
    }

    /// Runs `sending`, then writes a marker value without response to `sentinel`: the marker must be the next write
    /// the peripheral's application sees, so whatever `sending` sent was dropped.
    static func expectDropped(
        _ pair: SecurePair, _ link: (central: HostLink, peripheral: HostLink),
        sending: () async throws -> Void, sentinel: AttributeHandle,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await sending()
        try await pair.central.writeWithoutResponse([0xEE], to: sentinel, on: link.central.handle)
        let next = try await nextWrite(pair.peripheralEvents, link.peripheral.handle)
        #expect(next == [0xEE], sourceLocation: sourceLocation)
    }

    static func nextWrite(_ events: EventRecorder, _ handle: ConnectionHandle) async throws -> [UInt8] {
        try await events.next { event -> [UInt8]? in
            guard case .serverRequest(let request) = event, request.connection == handle,
                case .writeWithoutResponse(let write) = request.kind
            else { return nil }
            return write.value
        }
    }

    static func bytes(_ handle: AttributeHandle) -> [UInt8] {
        [UInt8(truncatingIfNeeded: handle.rawValue), UInt8(truncatingIfNeeded: handle.rawValue >> 8)]
    }
}
