import HCI
import Testing

@testable import Host

/// How the out-of-band data is spread between the two devices in a pairing case.
enum OOBSetup: Sendable {
    case none
    /// The initiator holds the responder's Secure Connections OOB data.
    case initiatorHoldsResponderData
    /// The responder holds the initiator's Secure Connections OOB data.
    case responderHoldsInitiatorData
    /// Each holds the other's Secure Connections OOB data.
    case both
    /// Both hold the same legacy TK.
    case legacyTemporaryKey
}

/// One association model to pair with: the two devices' IO capabilities and wishes, and the method expected.
struct PairingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var secureConnections: Bool
    var initiatorIO: IOCapability
    var responderIO: IOCapability
    var mitm: Bool
    var oob: OOBSetup = .none
    var method: PairingMethod
    var typedPasskey: UInt32?

    var testDescription: String { name }

    static let all: [PairingCase] = [
        PairingCase(
            name: "SC Just Works", secureConnections: true, initiatorIO: .noInputNoOutput,
            responderIO: .noInputNoOutput, mitm: false, method: .justWorks),
        PairingCase(
            name: "SC Just Works (DisplayYesNo without MITM)", secureConnections: true, initiatorIO: .displayYesNo,
            responderIO: .keyboardDisplay, mitm: false, method: .justWorks),
        PairingCase(
            name: "SC Numeric Comparison", secureConnections: true, initiatorIO: .displayYesNo,
            responderIO: .displayYesNo, mitm: true, method: .numericComparison),
        PairingCase(
            name: "SC Numeric Comparison (KeyboardDisplay, DisplayYesNo)", secureConnections: true,
            initiatorIO: .keyboardDisplay, responderIO: .displayYesNo, mitm: true, method: .numericComparison),
        PairingCase(
            name: "SC Passkey Entry, initiator displays", secureConnections: true, initiatorIO: .displayOnly,
            responderIO: .keyboardOnly, mitm: true, method: .passkeyEntry(.initiatorDisplays)),
        PairingCase(
            name: "SC Passkey Entry, responder displays", secureConnections: true, initiatorIO: .keyboardOnly,
            responderIO: .displayOnly, mitm: true, method: .passkeyEntry(.responderDisplays)),
        PairingCase(
            name: "SC Passkey Entry, both type", secureConnections: true, initiatorIO: .keyboardOnly,
            responderIO: .keyboardOnly, mitm: true, method: .passkeyEntry(.bothInput), typedPasskey: 987_654),
        PairingCase(
            name: "SC OOB, initiator holds the responder's data", secureConnections: true,
            initiatorIO: .noInputNoOutput, responderIO: .noInputNoOutput, mitm: false,
            oob: .initiatorHoldsResponderData, method: .outOfBand),
        PairingCase(
            name: "SC OOB, responder holds the initiator's data", secureConnections: true,
            initiatorIO: .noInputNoOutput, responderIO: .noInputNoOutput, mitm: true,
            oob: .responderHoldsInitiatorData, method: .outOfBand),
        PairingCase(
            name: "SC OOB, both hold each other's data", secureConnections: true, initiatorIO: .displayYesNo,
            responderIO: .displayYesNo, mitm: true, oob: .both, method: .outOfBand),
        PairingCase(
            name: "legacy Just Works", secureConnections: false, initiatorIO: .noInputNoOutput,
            responderIO: .keyboardDisplay, mitm: false, method: .justWorks),
        PairingCase(
            name: "legacy Just Works (DisplayYesNo both)", secureConnections: false, initiatorIO: .displayYesNo,
            responderIO: .displayYesNo, mitm: false, method: .justWorks),
        PairingCase(
            name: "legacy Passkey Entry, initiator displays", secureConnections: false,
            initiatorIO: .keyboardDisplay, responderIO: .keyboardDisplay, mitm: true,
            method: .passkeyEntry(.initiatorDisplays)),
        PairingCase(
            name: "legacy Passkey Entry, responder displays", secureConnections: false,
            initiatorIO: .keyboardDisplay, responderIO: .displayOnly, mitm: true,
            method: .passkeyEntry(.responderDisplays)),
        PairingCase(
            name: "legacy Passkey Entry, both type", secureConnections: false, initiatorIO: .keyboardOnly,
            responderIO: .keyboardOnly, mitm: true, method: .passkeyEntry(.bothInput), typedPasskey: 5),
        PairingCase(
            name: "legacy OOB", secureConnections: false, initiatorIO: .noInputNoOutput,
            responderIO: .noInputNoOutput, mitm: true, oob: .legacyTemporaryKey, method: .outOfBand),
    ]

    /// The two devices' configurations for this case.
    func configurations(bonding: Bool) -> (initiator: PairingConfiguration, responder: PairingConfiguration) {
        var initiator = PairingConfiguration(
            ioCapability: initiatorIO, bondable: bonding, requiresMITM: mitm,
            supportsSecureConnections: secureConnections, identity: PairingFixtures.initiatorIdentity)
        var responder = PairingConfiguration(
            ioCapability: responderIO, bondable: bonding, requiresMITM: mitm,
            supportsSecureConnections: secureConnections, identity: PairingFixtures.responderIdentity)
        if bonding {
            initiator.keysToDistribute.insert(.signKey)
            responder.keysToDistribute.insert(.signKey)
        }
        let initiatorData = LocalOOBData(keyPair: PairingFixtures.keyPairA, random: 0x1111_2222_3333_4444)
        let responderData = LocalOOBData(keyPair: PairingFixtures.keyPairB, random: 0x5555_6666_7777_8888)
        switch oob {
        case .none:
            break
        case .initiatorHoldsResponderData:
            initiator.outOfBand.peer = responderData.peerView
            responder.outOfBand.local = responderData
        case .responderHoldsInitiatorData:
            initiator.outOfBand.local = initiatorData
            responder.outOfBand.peer = initiatorData.peerView
        case .both:
            initiator.outOfBand = OutOfBandData(local: initiatorData, peer: responderData.peerView)
            responder.outOfBand = OutOfBandData(local: responderData, peer: initiatorData.peerView)
        case .legacyTemporaryKey:
            initiator.outOfBand.legacyTemporaryKey = 0x0BAD_F00D_CAFE
            responder.outOfBand.legacyTemporaryKey = 0x0BAD_F00D_CAFE
        }
        return (initiator, responder)
    }
}

@Suite("Pairing sessions wired to each other", .timeLimit(.minutes(2)))
struct PairingSessionTests {
    @Test("both devices pair and agree on the key and on each other's keys", arguments: PairingCase.all, [true, false])
    func pairs(testCase: PairingCase, bonding: Bool) throws {
        let configurations = testCase.configurations(bonding: bonding)
        var harness = PairingHarness(initiator: configurations.initiator, responder: configurations.responder)
        if let passkey = testCase.typedPasskey {
            harness.typedPasskey = [.initiator: passkey, .responder: passkey]
        }
        harness.start()

        #expect(harness.failures.isEmpty)
        let initiator = try #require(harness.results[.initiator])
        let responder = try #require(harness.results[.responder])
        #expect(harness.states == [.initiator: .completed, .responder: .completed])
        #expect(initiator.method == testCase.method)
        #expect(responder.method == testCase.method)
        #expect(initiator.isSecureConnections == testCase.secureConnections)
        #expect(initiator.isAuthenticated == testCase.method.isAuthenticated)
        #expect(initiator.encryptionKeySize == 16)

        let linkKey = try #require(harness.encryptionKeys[.initiator])
        #expect(harness.encryptionKeys[.responder] == linkKey)
        #expect(harness.encrypted == [.initiator, .responder])
        #expect(!harness.keysSentBeforeEncryption)
        if testCase.secureConnections {
            #expect(initiator.secureConnectionsLongTermKey == LongTermKey(value: linkKey))
            #expect(responder.secureConnectionsLongTermKey == LongTermKey(value: linkKey))
        } else {
            #expect(initiator.secureConnectionsLongTermKey == nil)
        }

        #expect(initiator.peerKeys == responder.localKeys)
        #expect(responder.peerKeys == initiator.localKeys)
        #expect(initiator.isBonded == bonding)
        #expect(responder.isBonded == bonding)
        if bonding {
            let peripheralKey = try #require(responder.longTermKeyAsPeripheral)
            #expect(initiator.longTermKeyAsCentral == peripheralKey)
            #expect(initiator.longTermKeyAsPeripheral == responder.longTermKeyAsCentral)
            #expect((initiator.peerKeys.longTermKey != nil) == !testCase.secureConnections)
            #expect(initiator.peerKeys.identityResolvingKey == PairingFixtures.responderIdentity.identityResolvingKey)
            #expect(initiator.peerKeys.identityAddress == PairingFixtures.responderIdentity.address)
            #expect(responder.peerKeys.identityResolvingKey == PairingFixtures.initiatorIdentity.identityResolvingKey)
            #expect(responder.peerKeys.identityAddress == PairingFixtures.initiatorIdentity.address)
            #expect(initiator.peerKeys.signatureKey != nil)
            #expect(responder.peerKeys.signatureKey != nil)
        } else {
            #expect(initiator.peerKeys.isEmpty)
            #expect(responder.peerKeys.isEmpty)
        }

        if testCase.method == .numericComparison {
            let number = try #require(harness.compared[.initiator])
            #expect(harness.compared[.responder] == number)
            #expect(number <= 999_999)
        }
        if case .passkeyEntry(let roles) = testCase.method, roles != .bothInput {
            let displaying: PairingHarness.Side = roles == .initiatorDisplays ? .initiator : .responder
            #expect(Set(harness.displayed.keys) == [displaying])
        }
        #expect(harness.timerRunning == [.initiator: false, .responder: false])
    }

    @Test("every PDU queued for sending restarts the SMP timer, and completion stops it")
    func timerFollowsSends() {
        let configurations = PairingCase.all[0].configurations(bonding: true)
        var harness = PairingHarness(initiator: configurations.initiator, responder: configurations.responder)
        harness.start()
        for side in [PairingHarness.Side.initiator, .responder] {
            let actions = harness.actions[side] ?? []
            for (index, action) in actions.enumerated() {
                guard case .send = action else { continue }
                let rest = actions[index...].prefix { if case .send = $0 { true } else { false } }
                let next = actions.dropFirst(index + rest.count).first
                #expect(next == .armTimeout || next == .cancelTimeout, "\(side) after \(action)")
            }
            #expect(actions.last.map { if case .completed = $0 { true } else { false } } == true)
        }
    }

    @Test("a peripheral's Security Request makes the central pair, with the peripheral's MITM wish")
    func securityRequest() throws {
        var initiator = PairingConfiguration(ioCapability: .displayYesNo)
        initiator.identity = PairingFixtures.initiatorIdentity
        let responder = PairingConfiguration(ioCapability: .displayYesNo, requiresMITM: true)
        var harness = PairingHarness(initiator: initiator, responder: responder)
        harness.requestSecurity()
        let first = try #require(harness.sent[.responder]?.first)
        #expect(
            first
                == .securityRequest(SecurityRequest(authenticationRequirements: [.bonding, .mitm, .secureConnections])))
        let request = try #require(harness.sent[.initiator]?.first)
        guard case .pairingRequest(let features) = request else {
            Issue.record("the central answered with \(request)")
            return
        }
        #expect(features.authenticationRequirements.contains(.mitm))
        #expect(harness.results[.initiator]?.method == .numericComparison)
        #expect(harness.results[.responder]?.isAuthenticated == true)
    }

    @Test("a peripheral that sent a Security Request stops waiting when the central encrypts with its bond")
    func securityRequestAnsweredWithEncryption() {
        var responder = PairingSession(
            role: .responder, localAddress: SMPSampleData.a2, peerAddress: SMPSampleData.a1,
            configuration: PairingConfiguration())
        #expect(responder.requestSecurity().contains(.armTimeout))
        #expect(responder.state == .awaitingPairingRequest)
        #expect(responder.encryptionChanged(enabled: true, keySize: 16) == [.cancelTimeout])
        #expect(responder.state == .idle)
    }

    @Test("the keys are shortened to a negotiated size below 16 octets")
    func shortKeys() throws {
        for secureConnections in [true, false] {
            var initiator = PairingConfiguration(supportsSecureConnections: secureConnections)
            initiator.identity = PairingFixtures.initiatorIdentity
            let responder = PairingConfiguration(
                supportsSecureConnections: secureConnections, maximumEncryptionKeySize: 7)
            var harness = PairingHarness(initiator: initiator, responder: responder)
            harness.start()
            let result = try #require(harness.results[.initiator])
            #expect(result.encryptionKeySize == 7)
            let key = try #require(harness.encryptionKeys[.initiator])
            #expect(key >> 56 == 0)
            #expect(key != 0)
            if !secureConnections {
                let distributed = try #require(result.peerKeys.longTermKey)
                #expect(distributed.value >> 56 == 0)
            }
        }
    }

    @Test("the responder gives its pairing key for EDIV and Rand zero once it has one, and nothing else")
    func responderKeyLookup() throws {
        var harness = PairingHarness(initiator: PairingConfiguration(), responder: PairingConfiguration())
        harness.tamper = { side, pdu in
            if side == .responder, case .pairingDHKeyCheck = pdu { return nil }
            return pdu
        }
        #expect(harness.responder.longTermKey(forEDIV: 0, rand: 0) == nil)
        harness.start()
        #expect(harness.responder.state == .awaitingEncryption)
        let key = try #require(harness.responder.longTermKey(forEDIV: 0, rand: 0))
        #expect(key != 0)
        #expect(harness.responder.longTermKey(forEDIV: 1, rand: 0) == nil)
        #expect(harness.responder.longTermKey(forEDIV: 0, rand: 7) == nil)
        #expect(harness.initiator.longTermKey(forEDIV: 0, rand: 0) == nil)
    }
}
