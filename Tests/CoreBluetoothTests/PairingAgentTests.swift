import CoreBluetooth
import Foundation
import Testing

@Suite("Pairing agents of a central manager and a peripheral manager", .serialized, .timeLimit(.minutes(1)))
struct PairingAgentTests {
    static let insufficientEncryption = ErrorSummary(
        domain: CBATTErrorDomain, code: CBATTError.Code.insufficientEncryption.rawValue)

    @Test("Numeric Comparison with yes/no agents on both sides: both see one number, the encrypted read succeeds")
    func numericComparison() async throws {
        var pair = try await PairingAgentPair.connect(
            central: AgentSetup(ioCapability: .displayYesNo), peripheral: AgentSetup(ioCapability: .displayYesNo))
        defer { pair.finish() }
        let read = try await pair.readEncrypted()
        #expect(read.error == nil)
        #expect(read.value == PairDatabase.encryptedValue)
        let centralAgent = try #require(pair.centralAgent)
        let peripheralAgent = try #require(pair.peripheralAgent)
        guard case .confirm(let peripheralSeen, let centralNumber, onQueue: true) = try await centralAgent.next(),
            case .confirm(let centralSeen, let peripheralNumber, onQueue: true) = try await peripheralAgent.next()
        else {
            Issue.record("an agent was not asked to compare a number on its delegate queue")
            return
        }
        #expect(centralNumber == peripheralNumber)
        #expect(centralNumber < 1_000_000)
        #expect(peripheralSeen == PeerSeen(identifier: pair.peripheral.identifier, isCentral: false))
        #expect(centralSeen.isCentral)
        #expect(await centralAgent.remaining() == [])
        #expect(await peripheralAgent.remaining() == [])
        #expect(PairingAgentPair.bondFiles(in: pair.centralBonds).count == 1)
        #expect(PairingAgentPair.bondFiles(in: pair.peripheralBonds).count == 1)
    }

    @Test("a rejected number fails the read with insufficientEncryption, stores no bond, and the next read asks again")
    func rejectedComparison() async throws {
        var pair = try await PairingAgentPair.connect(
            central: AgentSetup(ioCapability: .displayYesNo),
            peripheral: AgentSetup(ioCapability: .displayYesNo, accepts: false))
        defer { pair.finish() }
        let peripheralAgent = try #require(pair.peripheralAgent)
        for _ in 1...2 {
            let read = try await pair.readEncrypted()
            #expect(read.value == nil)
            #expect(read.error == Self.insufficientEncryption)
            guard case .confirm(let central, _, onQueue: true) = try await peripheralAgent.next() else {
                Issue.record("the peripheral's agent was not asked to compare a number")
                return
            }
            #expect(central.isCentral)
        }
        #expect(PairingAgentPair.bondFiles(in: pair.centralBonds).isEmpty)
        #expect(PairingAgentPair.bondFiles(in: pair.peripheralBonds).isEmpty)
    }

    @Test("Passkey Entry: the central types the passkey the peripheral manager displays, and the read succeeds")
    func passkeyEntry() async throws {
        var pair = try await PairingAgentPair.connect(
            central: AgentSetup(ioCapability: .keyboardOnly), peripheral: AgentSetup(ioCapability: .displayOnly))
        defer { pair.finish() }
        let read = try await pair.readEncrypted()
        #expect(read.error == nil)
        #expect(read.value == PairDatabase.encryptedValue)
        let centralAgent = try #require(pair.centralAgent)
        let peripheralAgent = try #require(pair.peripheralAgent)
        #expect(
            try await centralAgent.next()
                == .passkeyRequested(PeerSeen(identifier: pair.peripheral.identifier, isCentral: false), onQueue: true))
        guard case .displayed(let central, let passkey, onQueue: true) = try await peripheralAgent.next() else {
            Issue.record("the peripheral's agent was not asked to display a passkey")
            return
        }
        #expect(central.isCentral)
        #expect(passkey < 1_000_000)
        #expect(PairingAgentPair.bondFiles(in: pair.centralBonds).count == 1)
        #expect(PairingAgentPair.bondFiles(in: pair.peripheralBonds).count == 1)
    }

    @Test("a wrong passkey fails the read with insufficientEncryption and stores no bond")
    func wrongPasskey() async throws {
        var pair = try await PairingAgentPair.connect(
            central: AgentSetup(ioCapability: .displayOnly),
            peripheral: AgentSetup(ioCapability: .keyboardOnly, typing: { ($0 + 1) % 1_000_000 }))
        defer { pair.finish() }
        let read = try await pair.readEncrypted()
        #expect(read.value == nil)
        #expect(read.error == Self.insufficientEncryption)
        let centralAgent = try #require(pair.centralAgent)
        let peripheralAgent = try #require(pair.peripheralAgent)
        guard case .displayed(let peripheral, _, onQueue: true) = try await centralAgent.next() else {
            Issue.record("the central's agent was not asked to display a passkey")
            return
        }
        #expect(peripheral.identifier == pair.peripheral.identifier)
        guard case .passkeyRequested(let central, onQueue: true) = try await peripheralAgent.next() else {
            Issue.record("the peripheral's agent was not asked for a passkey")
            return
        }
        #expect(central.isCentral)
        #expect(PairingAgentPair.bondFiles(in: pair.centralBonds).isEmpty)
        #expect(PairingAgentPair.bondFiles(in: pair.peripheralBonds).isEmpty)
    }

    @Test("without agents the read pairs with Just Works, as before, and both sides keep a bond")
    func noAgents() async throws {
        var pair = try await PairingAgentPair.connect(central: nil, peripheral: nil)
        defer { pair.finish() }
        let read = try await pair.readEncrypted()
        #expect(read.error == nil)
        #expect(read.value == PairDatabase.encryptedValue)
        #expect(PairingAgentPair.bondFiles(in: pair.centralBonds).count == 1)
        #expect(PairingAgentPair.bondFiles(in: pair.peripheralBonds).count == 1)
    }

    @Test("an agent on one side pairs with Just Works against a peer without one and is never asked")
    func agentOnOneSide() async throws {
        var pair = try await PairingAgentPair.connect(
            central: AgentSetup(ioCapability: .keyboardDisplay), peripheral: nil)
        defer { pair.finish() }
        let read = try await pair.readEncrypted()
        #expect(read.error == nil)
        #expect(read.value == PairDatabase.encryptedValue)
        #expect(await pair.centralAgent?.remaining() == [])
    }

    @Test("requiring MITM refuses Just Works with a peer that has no agent: the read fails with insufficientEncryption")
    func requiredMITMRefusesJustWorks() async throws {
        var pair = try await PairingAgentPair.connect(
            central: AgentSetup(ioCapability: .keyboardDisplay), peripheral: nil, centralRequiresMITM: true)
        defer { pair.finish() }
        let read = try await pair.readEncrypted()
        #expect(read.value == nil)
        #expect(read.error == Self.insufficientEncryption)
        #expect(await pair.centralAgent?.remaining() == [])
        #expect(PairingAgentPair.bondFiles(in: pair.centralBonds).isEmpty)
    }
}
