import Foundation
import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

@Suite("Host security on the virtual radio", .timeLimit(.minutes(2)))
struct HostSecurityTests {
    static let echo = GATTFixtures.handle(0x19)
    static let echoConfiguration = GATTFixtures.handle(0x1A)
    static let secret = GATTFixtures.handle(0x20)

    @Test(
        "two hosts pair in every association model, started by either role, with and without bonding",
        arguments: PairingScenario.all)
    func pairs(_ scenario: PairingScenario) async throws {
        let board = PasskeyBoard()
        let centralAgent = scenario.usesAgents ? TestPairingAgent(board: board) : nil
        let peripheralAgent = scenario.usesAgents ? TestPairingAgent(board: board) : nil
        let pair = try await SecurePair.make(
            central: scenario.configuration(central: true), peripheral: scenario.configuration(central: false),
            centralAgent: centralAgent, peripheralAgent: peripheralAgent)
        let link = try await pair.connect()
        #expect(await pair.central.security(of: link.central.handle) == .unencrypted)

        let security =
            scenario.peripheralRequests
            ? try await pair.peripheral.pair(link.peripheral.handle)
            : try await pair.central.pair(link.central.handle)
        #expect(security == scenario.expectedSecurity)
        let centralBonded = try await pair.centralEvents.next { event -> Bool? in
            guard case .pairingCompleted(link.central.handle, let bonded) = event else { return nil }
            return bonded
        }
        let peripheralBonded = try await pair.peripheralEvents.next { event -> Bool? in
            guard case .pairingCompleted(link.peripheral.handle, let bonded) = event else { return nil }
            return bonded
        }
        #expect(centralBonded == scenario.bonding)
        #expect(peripheralBonded == scenario.bonding)
        let encrypted = try await pair.peripheralEvents.next { event -> LinkSecurity? in
            guard case .encryptionChanged(link.peripheral.handle, let security) = event else { return nil }
            return security
        }
        #expect(encrypted == scenario.expectedSecurity)
        #expect(await pair.central.security(of: link.central.handle) == scenario.expectedSecurity)
        #expect(await pair.peripheral.security(of: link.peripheral.handle) == scenario.expectedSecurity)
        #expect(
            await pair.central.bonds.map(\.peerAddress.address) == (scenario.bonding ? [link.central.peerAddress] : []))
        #expect(
            await pair.peripheral.bonds.map(\.peerAddress.address)
                == (scenario.bonding ? [link.peripheral.peerAddress] : []))
        if scenario.peripheralRequests {
            #expect(pair.peripheralSMP.opcodes.first == .securityRequest)
        } else {
            #expect(pair.centralSMP.opcodes.first == .pairingRequest)
        }
        switch scenario.model {
        case .secureNumericComparison:
            let shown = try #require(centralAgent?.numbersShown)
            #expect(shown.count == 1)
            #expect(peripheralAgent?.numbersShown == shown)
        case .securePasskey, .legacyPasskey:
            #expect(centralAgent?.numbersShown == [])
            #expect(peripheralAgent?.numbersShown.count == 1)
        default:
            break
        }

        pair.hosts.values[Self.secret] = [0x5E, 0xC2]
        #expect(try await pair.central.read(Self.secret, on: link.central.handle) == [0x5E, 0xC2])
        await pair.stop()
    }

    @Test(
        "a wrong passkey ends pairing with Confirm Value Failed on both sides and stores no bond",
        arguments: [true, false])
    func wrongPasskey(secureConnections: Bool) async throws {
        let board = PasskeyBoard()
        let pair = try await SecurePair.make(
            central: PairingConfiguration(
                ioCapability: .keyboardOnly, requiresMITM: true, supportsSecureConnections: secureConnections),
            peripheral: PairingConfiguration(
                ioCapability: .displayOnly, requiresMITM: true, supportsSecureConnections: secureConnections),
            centralAgent: TestPairingAgent(board: board, typesWrongPasskey: true),
            peripheralAgent: TestPairingAgent(board: board))
        let link = try await pair.connect()
        await #expect(throws: HostError.pairingFailed(link.central.handle, .confirmValueFailed)) {
            try await pair.central.pair(link.central.handle)
        }
        let failure = try await pair.peripheralEvents.next { event -> HostError? in
            guard case .pairingFailed(link.peripheral.handle, let error) = event else { return nil }
            return error
        }
        #expect(failure == .pairingFailed(link.peripheral.handle, .confirmValueFailed))
        #expect(pair.peripheralSMP.opcodes.last == .pairingFailed)
        #expect(await pair.central.bonds.isEmpty)
        #expect(await pair.peripheral.bonds.isEmpty)
        #expect(await pair.central.security(of: link.central.handle) == .unencrypted)
        await #expect(
            throws: HostError.gatt(
                link.central.handle, .procedure(.attError(.insufficientEncryption, handle: Self.secret)))
        ) {
            _ = try await pair.central.read(Self.secret, on: link.central.handle)
        }
        await pair.stop()
    }

    @Test(
        "a rejected numeric comparison ends pairing with Numeric Comparison Failed and stores no bond",
        arguments: [true, false])
    func rejectedComparison(centralRejects: Bool) async throws {
        let board = PasskeyBoard()
        let pair = try await SecurePair.make(
            central: PairingConfiguration(ioCapability: .displayYesNo, requiresMITM: true),
            peripheral: PairingConfiguration(ioCapability: .displayYesNo, requiresMITM: true),
            centralAgent: TestPairingAgent(board: board, accepts: !centralRejects),
            peripheralAgent: TestPairingAgent(board: board, accepts: centralRejects))
        let link = try await pair.connect()
        await #expect(throws: HostError.pairingFailed(link.central.handle, .numericComparisonFailed)) {
            try await pair.central.pair(link.central.handle)
        }
        let failure = try await pair.peripheralEvents.next { event -> HostError? in
            guard case .pairingFailed(link.peripheral.handle, let error) = event else { return nil }
            return error
        }
        #expect(failure == .pairingFailed(link.peripheral.handle, .numericComparisonFailed))
        #expect((centralRejects ? pair.centralSMP : pair.peripheralSMP).opcodes.last == .pairingFailed)
        #expect(await pair.central.bonds.isEmpty)
        #expect(await pair.peripheral.bonds.isEmpty)
        await pair.stop()
    }

    @Test("a user who cancels passkey entry fails pairing with Passkey Entry Failed")
    func cancelledPasskeyEntry() async throws {
        let board = PasskeyBoard()
        let pair = try await SecurePair.make(
            central: PairingConfiguration(ioCapability: .keyboardOnly, requiresMITM: true),
            peripheral: PairingConfiguration(ioCapability: .displayOnly, requiresMITM: true),
            centralAgent: TestPairingAgent(board: board, cancelsPasskeyEntry: true),
            peripheralAgent: TestPairingAgent(board: board))
        let link = try await pair.connect()
        await #expect(throws: HostError.pairingFailed(link.central.handle, .passkeyEntryFailed)) {
            try await pair.central.pair(link.central.handle)
        }
        let failure = try await pair.peripheralEvents.next { event -> HostError? in
            guard case .pairingFailed(link.peripheral.handle, let error) = event else { return nil }
            return error
        }
        #expect(failure == .pairingFailed(link.peripheral.handle, .passkeyEntryFailed))
        await pair.stop()
    }

    @Test("a host without a pairing agent offers no input or output, so a peer that requires MITM refuses it")
    func noAgentMeansJustWorks() async throws {
        let pair = try await SecurePair.make(
            central: PairingConfiguration(ioCapability: .keyboardDisplay),
            peripheral: PairingConfiguration(ioCapability: .keyboardDisplay, requiresMITM: true),
            peripheralAgent: TestPairingAgent(board: PasskeyBoard()))
        let link = try await pair.connect()
        await #expect(throws: HostError.pairingFailed(link.central.handle, .authenticationRequirements)) {
            try await pair.central.pair(link.central.handle)
        }
        #expect(await pair.peripheral.bonds.isEmpty)
        await pair.stop()
    }

    @Test(
        "a bonded central reconnects, encrypts with the stored key without pairing, and the server keeps its subscriptions",
        arguments: [true, false], ControllerGeneration.allCases)
    func bondedReconnection(secureConnections: Bool, generation: ControllerGeneration) async throws {
        let configuration = PairingConfiguration(supportsSecureConnections: secureConnections)
        let pair = try await SecurePair.make(
            central: configuration, peripheral: configuration, controllers: generation.configuration)
        let first = try await pair.connect()
        try await pair.central.pair(first.central.handle)
        for (events, handle) in [
            (pair.centralEvents, first.central.handle), (pair.peripheralEvents, first.peripheral.handle),
        ] {
            try await events.next { event -> Bool? in
                guard case .pairingCompleted(handle, true) = event else { return nil }
                return true
            }
        }
        try await pair.central.write([0x01, 0x00], to: Self.echoConfiguration, on: first.central.handle)
        try await pair.peripheralEvents.next { event -> Bool? in
            guard case .server(.subscriptionChanged(first.peripheral.handle, Self.echo, .notification)) = event
            else { return nil }
            return true
        }
        try await pair.disconnect(first)
        let centralPDUs = pair.centralSMP.opcodes.count
        let peripheralPDUs = pair.peripheralSMP.opcodes.count

        let second = try await pair.connect()
        #expect(await pair.central.security(of: second.central.handle) == .encrypted)
        try await pair.peripheralEvents.next { event -> Bool? in
            guard case .encryptionChanged(second.peripheral.handle, .encrypted) = event else { return nil }
            return true
        }
        try await pair.peripheralEvents.next { event -> Bool? in
            guard case .server(.subscriptionChanged(second.peripheral.handle, Self.echo, .notification)) = event
            else { return nil }
            return true
        }
        #expect(await pair.peripheral.subscribers(of: Self.echo) == [second.peripheral.handle])
        #expect(await pair.peripheral.updateValue([0x07], for: Self.echo))
        let notified = try await pair.centralEvents.next { event -> [UInt8]? in
            guard case .notification(second.central.handle, Self.echo, let value) = event else { return nil }
            return value
        }
        #expect(notified == [0x07])
        pair.hosts.values[Self.secret] = [0x01]
        #expect(try await pair.central.read(Self.secret, on: second.central.handle) == [0x01])
        #expect(pair.centralSMP.opcodes.count == centralPDUs)
        #expect(pair.peripheralSMP.opcodes.count == peripheralPDUs)
        #expect(!pair.centralEvents.pending.contains { if case .pairingCompleted = $0 { true } else { false } })
        #expect(!pair.peripheralEvents.pending.contains { if case .pairingCompleted = $0 { true } else { false } })
        await pair.stop()
    }

    @Test("a central whose peer lost the bond learns PIN or Key Missing and can pair again")
    func peerLostBond() async throws {
        let pair = try await SecurePair.make()
        let first = try await pair.connect()
        try await pair.central.pair(first.central.handle)
        try await pair.disconnect(first)
        try await pair.peripheral.removeBond(first.peripheral.peerAddress)
        #expect(await pair.peripheral.bonds.isEmpty)

        let second = try await pair.connect()
        let failure = try await pair.centralEvents.next { event -> HostError? in
            guard case .pairingFailed(second.central.handle, let error) = event else { return nil }
            return error
        }
        #expect(failure == .encryptionFailed(second.central.handle, .pinOrKeyMissing))
        #expect(await pair.central.security(of: second.central.handle) == .unencrypted)

        #expect(try await pair.central.pair(second.central.handle) == .encrypted)
        let bonded = try await pair.centralEvents.next { event -> Bool? in
            guard case .pairingCompleted(second.central.handle, let bonded) = event else { return nil }
            return bonded
        }
        #expect(bonded)
        #expect(await pair.peripheral.bonds.map(\.peerAddress.address) == [second.peripheral.peerAddress])
        #expect(await pair.central.bonds.count == 1)
        await pair.stop()
    }

    @Test("reading an encryption-required characteristic pairs first, then reads once more and succeeds")
    func securedReadPairsFirst() async throws {
        let pair = try await SecurePair.make()
        let link = try await pair.connect()
        pair.hosts.values[Self.secret] = [0xAB, 0xCD]
        pair.hosts.counter.reset()
        let value = try await pair.central.runSecured(
            GATTClientReadValue(handle: Self.secret, mtu: link.central.mtu), on: link.central.handle)
        #expect(value == [0xAB, 0xCD])
        #expect(pair.hosts.counter.byOpcode == [.readRequest: 2])
        try await pair.centralEvents.next { event -> Bool? in
            guard case .pairingCompleted(link.central.handle, true) = event else { return nil }
            return true
        }
        #expect(await pair.central.security(of: link.central.handle) == .encrypted)
        await pair.stop()
    }

    @Test("a pairing that stalls fails when the 30-second Security Manager timer expires, and the link pairs no more")
    func pairingTimesOut() async throws {
        let clock = ManualClock()
        let asked = PasskeyBoard()
        let answer = PasskeyBoard()
        let pair = try await SecurePair.make(
            central: PairingConfiguration(ioCapability: .keyboardOnly, requiresMITM: true),
            peripheral: PairingConfiguration(ioCapability: .displayOnly, requiresMITM: true),
            centralAgent: StallingAgent(asked: asked, answer: answer),
            peripheralAgent: TestPairingAgent(board: PasskeyBoard()), centralClock: clock)
        let link = try await pair.connect()
        let handle = link.central.handle
        let pairing = Task { try await pair.central.pair(handle) }
        _ = await asked.passkey()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: BluetoothHost.pairingTimeout)
        await #expect(throws: HostError.pairingTimeout(handle)) { try await pairing.value }
        let failure = try await pair.centralEvents.next { event -> HostError? in
            guard case .pairingFailed(handle, let error) = event else { return nil }
            return error
        }
        #expect(failure == .pairingTimeout(handle))
        let sent = pair.centralSMP.opcodes
        await #expect(throws: HostError.pairingTimeout(handle)) { try await pair.central.pair(handle) }
        #expect(pair.centralSMP.opcodes == sent)
        #expect(!sent.contains(.pairingFailed))
        answer.post(1)
        await pair.stop()
    }

    @Test("bonds are written to the bond directory and read back when the host starts again")
    func bondsPersist() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bonds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let address = ControllerSetupOptions.makeStaticRandomAddress()
        let pair = try await SecurePair.make(
            centralSetup: ControllerSetupOptions(staticRandomAddress: address),
            centralBondDirectory: directory)
        let link = try await pair.connect()
        try await pair.central.pair(link.central.handle)
        let bonds = await pair.central.bonds
        #expect(bonds.map(\.peerAddress.address) == [link.central.peerAddress])
        #expect(FileManager.default.fileExists(atPath: "\(directory)/\(address).json"))

        let restarted = try await BluetoothHost.start(
            transport: await pair.hosts.air.makeController(),
            configuration: HostConfiguration(
                setup: ControllerSetupOptions(staticRandomAddress: address),
                bondDirectory: directory))
        #expect(await restarted.bonds == bonds)
        try await restarted.removeBond(link.central.peerAddress)
        await restarted.stop()
        let again = try await BluetoothHost.start(
            transport: await pair.hosts.air.makeController(),
            configuration: HostConfiguration(
                setup: ControllerSetupOptions(staticRandomAddress: address),
                bondDirectory: directory))
        #expect(await again.bonds.isEmpty)
        await again.stop()
        await pair.stop()
    }
}

@Suite("GATT database kept for bonded peers across runs", .timeLimit(.minutes(2)))
struct BondedDatabaseCacheTests {
    @Test("a restarted central reconnecting to a bonded peer takes its stored database after one Database Hash read")
    func storedDatabaseSkipsDiscovery() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let setup = ControllerSetupOptions(
            staticRandomAddress: ControllerSetupOptions.makeStaticRandomAddress())
        let pair = try await SecurePair.make(centralSetup: setup, centralBondDirectory: directory)
        let link = try await pair.connect()
        try await pair.central.pair(link.central.handle)
        let (database, fromCache) = try await pair.central.discoverDatabase(on: link.central.handle)
        #expect(!fromCache)
        try await pair.disconnect(link)
        await pair.central.stop()
        try await pair.peripheral.startAdvertising(AdvertisementContent(localName: "GATT Test"))

        let counter = ATTRequestCounter(wrapping: await pair.hosts.air.makeController())
        let restarted = try await BluetoothHost.start(
            transport: counter, configuration: HostConfiguration(setup: setup, bondDirectory: directory))
        let again = try await restarted.connect(
            to: link.central.peerAddress, type: link.central.peerAddressType, timeout: .seconds(10))
        counter.reset()
        let (stored, storedFromCache) = try await restarted.discoverDatabase(on: again.handle)
        #expect(storedFromCache)
        #expect(stored == database)
        #expect(counter.byOpcode == [.readByTypeRequest: 1])
        await restarted.stop()
        await pair.stop()
    }
}
