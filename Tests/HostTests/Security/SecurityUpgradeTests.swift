import HCI
import Host
import HostTestSupport
import Testing

@Suite("GATT client security upgrades on the virtual radio", .timeLimit(.minutes(2)))
struct SecurityUpgradeTests {
    static let secret = GATTFixtures.handle(0x20)

    static func attError(_ code: ATTErrorCode, on handle: ConnectionHandle) -> HostError {
        .gatt(handle, .procedure(.attError(code, handle: secret)))
    }

    /// Both devices can show and confirm a number, but neither asks for MITM protection, so they first pair with
    /// Just Works.
    static func confirmingPair(centralCanConfirm: Bool) async throws -> (SecurePair, TestPairingAgent) {
        let board = PasskeyBoard()
        let centralAgent = TestPairingAgent(board: board)
        let pair = try await SecurePair.make(
            central: PairingConfiguration(ioCapability: centralCanConfirm ? .displayYesNo : .noInputNoOutput),
            peripheral: PairingConfiguration(ioCapability: .displayYesNo),
            centralAgent: centralAgent, peripheralAgent: TestPairingAgent(board: board))
        return (pair, centralAgent)
    }

    @Test(
        "Insufficient Authentication on a Just Works link makes a central that can confirm numbers pair again with MITM and write once more"
    )
    func upgradesToAuthenticated() async throws {
        let (pair, agent) = try await Self.confirmingPair(centralCanConfirm: true)
        let link = try await pair.connect()
        #expect(try await pair.central.pair(link.central.handle) == .encrypted)
        #expect(agent.numbersShown.isEmpty)
        pair.hosts.counter.reset()

        try await pair.central.write([0x5A], to: Self.secret, on: link.central.handle)
        #expect(pair.hosts.values[Self.secret] == [0x5A])
        #expect(pair.hosts.counter.byOpcode == [.writeRequest: 2])
        #expect(pair.centralSMP.opcodes.filter { $0 == .pairingRequest }.count == 2)
        #expect(agent.numbersShown.count == 1)
        #expect(await pair.central.security(of: link.central.handle) == .authenticated)
        #expect(await pair.peripheral.security(of: link.peripheral.handle) == .authenticated)
        #expect(await pair.central.bonds.first?.isAuthenticated == true)
        #expect(await pair.peripheral.bonds.first?.isAuthenticated == true)
        await pair.stop()
    }

    @Test(
        "Insufficient Authentication on a Just Works link is reported without pairing again when the central cannot give MITM protection"
    )
    func noUpgradeWithoutIO() async throws {
        let (pair, _) = try await Self.confirmingPair(centralCanConfirm: false)
        let link = try await pair.connect()
        #expect(try await pair.central.pair(link.central.handle) == .encrypted)
        pair.hosts.counter.reset()

        await #expect(throws: Self.attError(.insufficientAuthentication, on: link.central.handle)) {
            try await pair.central.write([0x5A], to: Self.secret, on: link.central.handle)
        }
        #expect(pair.hosts.counter.byOpcode == [.writeRequest: 1])
        #expect(pair.centralSMP.opcodes.filter { $0 == .pairingRequest }.count == 1)
        #expect(await pair.central.security(of: link.central.handle) == .encrypted)
        await pair.stop()
    }

    @Test(
        "on an unencrypted link the central pairs once; when the new key is still unauthenticated it reports the error after one retry"
    )
    func oneRetryOnly() async throws {
        let (pair, _) = try await Self.confirmingPair(centralCanConfirm: false)
        let link = try await pair.connect()
        pair.hosts.counter.reset()

        await #expect(throws: Self.attError(.insufficientAuthentication, on: link.central.handle)) {
            try await pair.central.write([0x5A], to: Self.secret, on: link.central.handle)
        }
        #expect(pair.hosts.counter.byOpcode == [.writeRequest: 2])
        #expect(pair.centralSMP.opcodes.filter { $0 == .pairingRequest }.count == 1)
        #expect(await pair.central.security(of: link.central.handle) == .encrypted)
        await pair.stop()
    }

    @Test(
        "Insufficient Encryption Key Size with the central's largest key is reported, never answered by pairing again")
    func keySizeIsReported() async throws {
        let pair = try await SecurePair.make(central: PairingConfiguration(maximumEncryptionKeySize: 10))
        let link = try await pair.connect()
        pair.hosts.values[Self.secret] = [0x01]
        pair.hosts.counter.reset()

        for _ in 0..<2 {
            await #expect(throws: Self.attError(.encryptionKeySizeTooShort, on: link.central.handle)) {
                try await pair.central.read(Self.secret, on: link.central.handle)
            }
        }
        #expect(pair.hosts.counter.byOpcode == [.readRequest: 3])
        #expect(pair.centralSMP.opcodes.filter { $0 == .pairingRequest }.count == 1)
        #expect(await pair.central.security(of: link.central.handle).keySize == 10)
        await pair.stop()
    }

    @Test(
        "the server judges the key size negotiated at pairing, and after reconnection the one kept in the bond",
        arguments: [16, 10])
    func serverKeySize(minimum: Int) async throws {
        let pair = try await SecurePair.make(
            peripheral: PairingConfiguration(maximumEncryptionKeySize: 10),
            server: GATTServerConfiguration(minimumEncryptionKeySize: minimum))
        pair.hosts.values[Self.secret] = [0x0C]
        let first = try await pair.connect()
        try await pair.pairAndBond(first)
        try await Self.expectKeySize10(pair, first, minimum: minimum)
        try await pair.disconnect(first)

        let second = try await pair.connect()
        let encrypted = try await pair.peripheralEvents.next { event -> LinkSecurity? in
            guard case .encryptionChanged(second.peripheral.handle, let security) = event else { return nil }
            return security
        }
        #expect(encrypted == LinkSecurity(level: .encrypted, keySize: 10))
        #expect(pair.centralSMP.opcodes.filter { $0 == .pairingRequest }.count == 1)
        try await Self.expectKeySize10(pair, second, minimum: minimum)
        await pair.stop()
    }

    /// Both sides see a 10-octet key on the link, and the server refuses the secret unless its minimum allows it.
    static func expectKeySize10(
        _ pair: SecurePair, _ link: (central: HostLink, peripheral: HostLink), minimum: Int
    ) async throws {
        #expect(await pair.central.security(of: link.central.handle) == LinkSecurity(level: .encrypted, keySize: 10))
        #expect(
            await pair.peripheral.security(of: link.peripheral.handle) == LinkSecurity(level: .encrypted, keySize: 10))
        if minimum > 10 {
            await #expect(throws: attError(.encryptionKeySizeTooShort, on: link.central.handle)) {
                try await pair.central.read(secret, on: link.central.handle)
            }
        } else {
            #expect(try await pair.central.read(secret, on: link.central.handle) == [0x0C])
        }
    }
}
