import HCI
import Testing

@testable import Host

typealias PairingSide = PairingHarness.Side

/// Checks that a pairing ended on both sides with `reason`: `detector` sent Pairing Failed, the other received it,
/// neither got a result, and the timers are stopped.
private func expectFailure(
    _ harness: PairingHarness, _ reason: SMPErrorCode, sentBy detector: PairingSide,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        harness.failures == [
            detector: PairingFailureRecord(reason: reason, sent: true),
            detector.other: PairingFailureRecord(reason: reason, sent: false),
        ], sourceLocation: sourceLocation)
    #expect(
        harness.sent[detector]?.last == .pairingFailed(PairingFailed(reason: reason)), sourceLocation: sourceLocation)
    #expect(harness.results.isEmpty, sourceLocation: sourceLocation)
    #expect(
        harness.states == [.initiator: .failed(reason), .responder: .failed(reason)], sourceLocation: sourceLocation)
    #expect(harness.timerRunning[detector] == false, sourceLocation: sourceLocation)
    #expect(harness.timerRunning[detector.other] == false, sourceLocation: sourceLocation)
    #expect(harness.initiator.longTermKey(forEDIV: 0, rand: 0) == nil, sourceLocation: sourceLocation)
    #expect(harness.responder.longTermKey(forEDIV: 0, rand: 0) == nil, sourceLocation: sourceLocation)
}

/// A harness with default (Secure Connections, Just Works, bondable) devices unless told otherwise.
private func harness(
    initiator: PairingConfiguration = PairingConfiguration(identity: PairingFixtures.initiatorIdentity),
    responder: PairingConfiguration = PairingConfiguration(identity: PairingFixtures.responderIdentity)
) -> PairingHarness {
    PairingHarness(initiator: initiator, responder: responder)
}

/// A lone session in the given role, for feeding it PDUs directly.
private func session(
    _ role: PairingSession.Role, _ configuration: PairingConfiguration = PairingConfiguration()
) -> PairingSession {
    let (local, peer) = role == .initiator ? (SMPSampleData.a1, SMPSampleData.a2) : (SMPSampleData.a2, SMPSampleData.a1)
    return PairingSession(
        role: role, localAddress: local, peerAddress: peer, configuration: configuration,
        randomness: ScriptedRandomness(keyPair: PairingFixtures.keyPairA))
}

private let featuresJustWorks = PairingFeatures(
    ioCapability: .noInputNoOutput, oobDataFlag: .notPresent, authenticationRequirements: [.bonding],
    maximumEncryptionKeySize: 16, initiatorKeyDistribution: [], responderKeyDistribution: [])

@Suite("Pairing failures", .timeLimit(.minutes(2)))
struct PairingFailureTests {
    @Test(
        "a mistyped passkey fails with Confirm Value Failed",
        arguments: [
            (true, PairingMethod.PasskeyRoles.initiatorDisplays), (true, .responderDisplays), (true, .bothInput),
            (false, .initiatorDisplays), (false, .responderDisplays), (false, .bothInput),
        ])
    func wrongPasskey(secureConnections: Bool, roles: PairingMethod.PasskeyRoles) {
        let io: (IOCapability, IOCapability) =
            switch roles {
            case .initiatorDisplays: (.displayOnly, .keyboardOnly)
            case .responderDisplays: (.keyboardOnly, .displayOnly)
            case .bothInput: (.keyboardOnly, .keyboardOnly)
            }
        var pairing = harness(
            initiator: PairingConfiguration(
                ioCapability: io.0, requiresMITM: true, supportsSecureConnections: secureConnections),
            responder: PairingConfiguration(
                ioCapability: io.1, requiresMITM: true, supportsSecureConnections: secureConnections))
        let typist: PairingSide = roles == .responderDisplays ? .initiator : .responder
        pairing.typedPasskey[typist] = 424_242
        if roles == .bothInput { pairing.typedPasskey[typist.other] = 424_243 }
        pairing.start()
        expectFailure(pairing, .confirmValueFailed, sentBy: .responder)
        #expect(pairing.encryptionKeys.isEmpty)
    }

    @Test(
        "a rejected numeric comparison fails with Numeric Comparison Failed",
        arguments: [PairingSide.initiator, .responder])
    func numericComparisonRejected(rejecter: PairingSide) {
        let configuration = PairingConfiguration(ioCapability: .displayYesNo, requiresMITM: true)
        var pairing = harness(initiator: configuration, responder: configuration)
        pairing.acceptsNumber[rejecter] = false
        pairing.start()
        expectFailure(pairing, .numericComparisonFailed, sentBy: rejecter)
    }

    @Test(
        "a cancelled or impossible passkey fails with Passkey Entry Failed",
        arguments: [true, false], [nil, 1_000_000] as [UInt32?])
    func passkeyEntryFailed(secureConnections: Bool, typed: UInt32?) {
        let configuration = PairingConfiguration(
            ioCapability: .keyboardOnly, requiresMITM: true, supportsSecureConnections: secureConnections)
        var pairing = harness(initiator: configuration, responder: configuration)
        pairing.start()
        #expect(pairing.states == [.initiator: .awaitingPasskey, .responder: .awaitingPasskey])
        pairing.act(.responder) { session in typed.map { session.enterPasskey($0) } ?? session.cancelPasskeyEntry() }
        expectFailure(pairing, .passkeyEntryFailed, sentBy: .responder)
    }

    @Test("a negotiated key size below the initiator's minimum fails with Encryption Key Size")
    func keyTooShortForInitiator() {
        var pairing = harness(
            initiator: PairingConfiguration(minimumEncryptionKeySize: 16),
            responder: PairingConfiguration(maximumEncryptionKeySize: 7))
        pairing.start()
        expectFailure(pairing, .encryptionKeySize, sentBy: .initiator)
    }

    @Test("a negotiated key size below the responder's minimum fails with Encryption Key Size")
    func keyTooShortForResponder() {
        var pairing = harness(
            initiator: PairingConfiguration(maximumEncryptionKeySize: 10),
            responder: PairingConfiguration(minimumEncryptionKeySize: 12))
        pairing.start()
        expectFailure(pairing, .encryptionKeySize, sentBy: .responder)
        #expect(pairing.sent[.responder]?.count == 1)
    }

    @Test("a maximum key size outside 7 to 16 fails with Encryption Key Size", arguments: [0, 6, 17, 255] as [UInt8])
    func keySizeOutOfRange(size: UInt8) {
        var responder = session(.responder)
        var request = featuresJustWorks
        request.maximumEncryptionKeySize = size
        let actions = responder.received(bytes: SMPPDU.pairingRequest(request).encoded)
        #expect(
            actions == [
                .send(.pairingFailed(PairingFailed(reason: .encryptionKeySize))), .cancelTimeout,
                .failed(reason: .encryptionKeySize, sent: true),
            ])
    }

    @Test("a link key size reported below the minimum fails with Encryption Key Size")
    func reportedKeySizeTooSmall() {
        var pairing = harness()
        pairing.reportedKeySize = 6
        pairing.start()
        #expect(pairing.failures[.initiator] == PairingFailureRecord(reason: .encryptionKeySize, sent: true))
        #expect(pairing.failures[.responder] == PairingFailureRecord(reason: .encryptionKeySize, sent: true))
        #expect(pairing.results.isEmpty)
        #expect(!pairing.keysSentBeforeEncryption)
        #expect(pairing.sent[.responder]?.contains { $0.opcode == .identityInformation } == false)
    }

    @Test("a public key off the curve fails with DHKey Check Failed")
    func invalidPublicKey() {
        var pairing = harness()
        pairing.tamper = { side, pdu in
            guard side == .initiator, case .pairingPublicKey(var key) = pdu else { return pdu }
            key.y[0] ^= 0x01
            return .pairingPublicKey(key)
        }
        pairing.start()
        expectFailure(pairing, .dhKeyCheckFailed, sentBy: .responder)
        #expect(pairing.sent[.responder]?.contains { $0.opcode == .pairingPublicKey } == false)
    }

    @Test("a public key reflected back to its owner fails with Unspecified Reason")
    func reflectedPublicKey() {
        var pairing = harness()
        pairing.tamper = { side, pdu in
            guard side == .responder, case .pairingPublicKey = pdu else { return pdu }
            return .pairingPublicKey(PairingPublicKey(PairingFixtures.keyPairA.publicKey))
        }
        pairing.start()
        expectFailure(pairing, .unspecifiedReason, sentBy: .initiator)
    }

    @Test(
        "a confirm value that does not match the random value fails with Confirm Value Failed",
        arguments: [true, false])
    func confirmMismatch(secureConnections: Bool) {
        let configuration = PairingConfiguration(supportsSecureConnections: secureConnections)
        var pairing = harness(initiator: configuration, responder: configuration)
        pairing.tamper = { side, pdu in
            guard side == .responder, case .pairingConfirm(var confirm) = pdu else { return pdu }
            confirm.confirmValue ^= 1
            return .pairingConfirm(confirm)
        }
        pairing.start()
        expectFailure(pairing, .confirmValueFailed, sentBy: .initiator)
    }

    @Test("OOB data whose confirm value does not match the peer's key fails with Confirm Value Failed")
    func oobConfirmMismatch() {
        let responderData = LocalOOBData(keyPair: PairingFixtures.keyPairB, random: 77)
        var initiator = PairingConfiguration()
        initiator.outOfBand.peer = PeerOOBData(random: 77, confirm: responderData.confirm ^ 1)
        var responder = PairingConfiguration()
        responder.outOfBand.local = responderData
        var pairing = harness(initiator: initiator, responder: responder)
        pairing.start()
        expectFailure(pairing, .confirmValueFailed, sentBy: .initiator)
    }

    @Test("a wrong DHKey Check value fails with DHKey Check Failed", arguments: [PairingSide.initiator, .responder])
    func dhKeyCheckMismatch(sender: PairingSide) {
        var pairing = harness()
        pairing.tamper = { side, pdu in
            guard side == sender, case .pairingDHKeyCheck(var check) = pdu else { return pdu }
            check.checkValue ^= 1 << 100
            return .pairingDHKeyCheck(check)
        }
        pairing.start()
        expectFailure(pairing, .dhKeyCheckFailed, sentBy: sender.other)
        #expect(pairing.encryptionKeys.isEmpty)
    }

    @Test("a responder that does not pair answers with Pairing Not Supported")
    func responderDoesNotPair() {
        var pairing = harness(responder: PairingConfiguration(acceptsPairing: false))
        pairing.start()
        expectFailure(pairing, .pairingNotSupported, sentBy: .responder)
    }

    @Test("a central that does not pair answers a Security Request with Pairing Not Supported")
    func centralDoesNotPair() {
        var pairing = harness(initiator: PairingConfiguration(acceptsPairing: false))
        pairing.requestSecurity()
        expectFailure(pairing, .pairingNotSupported, sentBy: .initiator)
    }

    @Test("a device requiring MITM protection refuses Just Works with Authentication Requirements")
    func mitmRequired() {
        var pairing = harness(responder: PairingConfiguration(ioCapability: .noInputNoOutput, requiresMITM: true))
        pairing.start()
        expectFailure(pairing, .authenticationRequirements, sentBy: .responder)
    }

    @Test("a device in Secure Connections Only mode refuses legacy pairing with Authentication Requirements")
    func secureConnectionsOnly() {
        var pairing = harness(
            initiator: PairingConfiguration(requiresSecureConnections: true),
            responder: PairingConfiguration(supportsSecureConnections: false))
        pairing.start()
        expectFailure(pairing, .authenticationRequirements, sentBy: .initiator)
    }

    @Test("legacy OOB without a TK fails with OOB Not Available")
    func legacyOOBNotAvailable() {
        var initiator = PairingConfiguration(supportsSecureConnections: false)
        initiator.outOfBand.legacyTemporaryKey = 1234
        var responder = PairingConfiguration(supportsSecureConnections: false)
        responder.outOfBand.peer = PeerOOBData(random: 1, confirm: 2)
        var pairing = harness(initiator: initiator, responder: responder)
        pairing.start()
        expectFailure(pairing, .oobNotAvailable, sentBy: .responder)
    }

    @Test("a response that offers keys the request did not ask for fails with Invalid Parameters")
    func responseWidensKeyDistribution() {
        var pairing = harness(responder: PairingConfiguration(bondable: false))
        pairing.tamper = { side, pdu in
            guard side == .responder, case .pairingResponse(var features) = pdu else { return pdu }
            features.responderKeyDistribution.insert(.linkKey)
            return .pairingResponse(features)
        }
        pairing.start()
        expectFailure(pairing, .invalidParameters, sentBy: .initiator)
    }

    @Test("an identity address that is neither public nor static random fails with Invalid Parameters")
    func invalidIdentityAddress() {
        var pairing = harness()
        pairing.tamper = { side, pdu in
            guard side == .responder, case .identityAddressInformation(var information) = pdu else { return pdu }
            information.address = BluetoothAddress(rawValue: 0x40_0000_0001)
            return .identityAddressInformation(information)
        }
        pairing.start()
        expectFailure(pairing, .invalidParameters, sentBy: .initiator)
    }

    @Test(
        "a command of the wrong length or with a reserved IO capability fails with Invalid Parameters",
        arguments: [
            [0x01, 0x03, 0x00, 0x01, 0x10, 0x00],
            [0x01, 0x03, 0x00, 0x01, 0x10, 0x00, 0x00, 0x00],
            [0x01, 0x05, 0x00, 0x01, 0x10, 0x00, 0x00],
            [0x01, 0x03, 0x02, 0x01, 0x10, 0x00, 0x00],
            [0x04, 0x01],
        ] as [[UInt8]])
    func invalidParameters(bytes: [UInt8]) {
        var responder = session(.responder)
        let actions = responder.received(bytes: bytes)
        #expect(actions.first == .send(.pairingFailed(PairingFailed(reason: .invalidParameters))))
        #expect(responder.state == .failed(.invalidParameters))
    }

    @Test(
        "a command the device's role never receives fails with Command Not Supported",
        arguments: [
            (PairingSession.Role.initiator, SMPPDU.pairingRequest(featuresJustWorks)),
            (.responder, .pairingResponse(featuresJustWorks)),
            (.responder, .securityRequest(SecurityRequest(authenticationRequirements: [.bonding]))),
        ])
    func commandNotSupported(role: PairingSession.Role, pdu: SMPPDU) {
        var lone = session(role)
        let actions = lone.received(pdu)
        #expect(actions.first == .send(.pairingFailed(PairingFailed(reason: .commandNotSupported))))
        #expect(lone.state == .failed(.commandNotSupported))
    }

    @Test("a legacy-only device answers Secure Connections commands with Command Not Supported")
    func secureConnectionsCommandsNotSupported() {
        var pairing = harness(responder: PairingConfiguration(supportsSecureConnections: false))
        pairing.tamper = { side, pdu in
            guard side == .initiator, case .pairingConfirm = pdu else { return pdu }
            return .pairingPublicKey(PairingPublicKey(PairingFixtures.keyPairA.publicKey))
        }
        pairing.start()
        expectFailure(pairing, .commandNotSupported, sentBy: .responder)
    }

    @Test(
        "a command the state does not expect fails with Unspecified Reason",
        arguments: [
            (PairingSide.initiator, SMPOpcode.pairingPublicKey, SMPPDU.pairingConfirm(PairingConfirm(confirmValue: 1))),
            (.initiator, .pairingRandom, .pairingDHKeyCheck(PairingDHKeyCheck(checkValue: 1))),
            (.responder, .pairingConfirm, .encryptionInformation(EncryptionInformation(longTermKey: 1))),
            (.responder, .pairingResponse, .pairingRandom(PairingRandom(randomValue: 1))),
            (
                .responder, .identityInformation,
                .identityAddressInformation(
                    IdentityAddressInformation(addressType: .public, address: .zero))
            ),
        ])
    func unexpectedCommand(sender: PairingSide, replaced: SMPOpcode, with replacement: SMPPDU) {
        var pairing = harness()
        pairing.tamper = { side, pdu in side == sender && pdu.opcode == replaced ? replacement : pdu }
        pairing.start()
        expectFailure(pairing, .unspecifiedReason, sentBy: sender.other)
    }

    @Test("keys arriving before the link is encrypted fail with Unspecified Reason")
    func keysBeforeEncryption() {
        let configuration = PairingConfiguration(supportsSecureConnections: false)
        var pairing = harness(initiator: configuration, responder: configuration)
        pairing.tamper = { side, pdu in
            guard side == .responder, case .pairingRandom = pdu else { return pdu }
            return .encryptionInformation(EncryptionInformation(longTermKey: 5))
        }
        pairing.start()
        expectFailure(pairing, .unspecifiedReason, sentBy: .initiator)
    }

    @Test("encryption that fails ends the pairing on both sides without keys")
    func encryptionFails() {
        var pairing = harness()
        pairing.encryptionSucceeds = false
        pairing.start()
        let failure = PairingFailureRecord(reason: .unspecifiedReason, sent: false)
        #expect(pairing.failures == [.initiator: failure, .responder: failure])
        #expect(pairing.results.isEmpty)
        #expect(pairing.sent[.responder]?.contains { $0.opcode == .identityInformation } == false)
        #expect(pairing.timerRunning == [.initiator: false, .responder: false])
    }

    @Test("a timeout ends the pairing, after which the session sends nothing")
    func timeout() {
        var pairing = harness()
        pairing.tamper = { side, pdu in side == .responder ? nil : pdu }
        pairing.start()
        #expect(pairing.initiator.state == .awaitingPairingResponse)
        #expect(pairing.timerRunning[.initiator] == true)
        pairing.act(.initiator) { $0.timedOut() }
        pairing.act(.responder) { $0.timedOut() }
        #expect(pairing.timedOut == [.initiator, .responder])
        #expect(pairing.states == [.initiator: .timedOut, .responder: .timedOut])
        #expect(pairing.failures.isEmpty)
        #expect(pairing.results.isEmpty)
        var initiator = pairing.initiator
        #expect(initiator.received(.pairingResponse(featuresJustWorks)) == [])
        #expect(initiator.received(bytes: [0x01]) == [])
        #expect(initiator.start() == [])
        #expect(initiator.timedOut() == [])
    }

    @Test("an idle session has no timer to time out")
    func idleTimeout() {
        var lone = session(.initiator)
        #expect(lone.timedOut() == [])
        #expect(lone.state == .idle)
    }

    @Test("reserved opcodes, Keypress Notifications and empty SDUs are ignored in the middle of a pairing")
    func ignoredCommands() {
        var pairing = harness()
        pairing.tamper = { side, pdu in side == .responder ? nil : pdu }
        pairing.start()
        var responder = pairing.responder
        #expect(responder.state == .awaitingPublicKey)
        #expect(responder.received(bytes: [0x0F, 0xAA]) == [])
        #expect(responder.received(bytes: [0x00]) == [])
        #expect(responder.received(bytes: []) == [])
        #expect(responder.received(bytes: [0x0E, 0x00]) == [])
        #expect(responder.state == .awaitingPublicKey)
    }

    @Test("a failed session ignores everything that follows")
    func failedSessionIsInert() {
        var responder = session(.responder)
        _ = responder.received(bytes: [0x01])
        #expect(responder.received(.pairingRequest(featuresJustWorks)) == [])
        #expect(responder.received(.pairingFailed(PairingFailed(reason: .unspecifiedReason))) == [])
        #expect(responder.encryptionChanged(enabled: false) == [])
        #expect(responder.state == .failed(.invalidParameters))
    }
}
