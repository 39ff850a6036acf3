extension PairingSession {
    /// Starts LE Secure Connections phase 2: the initiator sends its public key, the responder waits for it.
    ///
    /// The key pair is the one the local OOB data commits to, if there is such data, or a fresh one.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1.
    mutating func beginSecureConnections() throws(PairingAbort) -> [Action] {
        let keyPair = configuration.outOfBand.local?.keyPair ?? randomness.makeKeyPair()
        context.keyPair = keyPair
        state = .awaitingPublicKey
        switch role {
        case .initiator: return [.send(.pairingPublicKey(PairingPublicKey(keyPair.publicKey)))]
        case .responder: return []
        }
    }

    /// Takes the peer's public key, computes the DHKey and starts authentication stage 1.
    ///
    /// A key that is not a point on the curve fails pairing with DHKey Check Failed (no DHKey can be computed);
    /// a key equal to this device's own (a reflection) fails it with Unspecified Reason.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1 and 3.5.6.
    mutating func receivedPublicKey(_ pdu: PairingPublicKey) throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        guard negotiation.isSecureConnections, state == .awaitingPublicKey, let keyPair = context.keyPair else {
            throw .unexpected
        }
        let peerKey: P256PublicKey
        let dhKey: [UInt8]
        do {
            peerKey = try P256PublicKey(wireX: pdu.x, wireY: pdu.y)
            dhKey = try keyPair.dhKey(with: peerKey)
        } catch {
            throw PairingAbort(.dhKeyCheckFailed)
        }
        guard peerKey.x != keyPair.publicKey.x else { throw .unexpected }
        context.peerPublicKey = peerKey
        context.dhKey = dhKey
        var actions: [Action] = []
        if role == .responder { actions.append(.send(.pairingPublicKey(PairingPublicKey(keyPair.publicKey)))) }
        switch negotiation.method {
        case .justWorks, .numericComparison:
            context.localRandom = random128()
            if role == .responder {
                state = .awaitingRandom
                actions.append(.send(.pairingConfirm(PairingConfirm(confirmValue: localCommitment(z: 0)))))
            } else {
                state = .awaitingConfirm
            }
        case .passkeyEntry(let roles):
            if displaysPasskey(roles) {
                let passkey = drawPasskey()
                context.passkey = passkey
                actions.append(.displayPasskey(passkey))
                actions += try secureConnectionsPasskeyReady()
            } else {
                state = .awaitingPasskey
                actions.append(.requestPasskey)
            }
        case .outOfBand:
            if let peerData = configuration.outOfBand.peer {
                let commitment = CryptoToolbox.f4(u: peerKey.x, v: peerKey.x, x: peerData.random, z: 0)
                guard commitment == peerData.confirm else { throw PairingAbort(.confirmValueFailed) }
            }
            context.localRandom = random128()
            state = .awaitingRandom
            if role == .initiator {
                actions.append(.send(.pairingRandom(PairingRandom(randomValue: context.localRandom))))
            }
        }
        return actions
    }

    /// Takes the peer's confirm value: Cb (Just Works, Numeric Comparison) or Cai/Cbi (Passkey Entry).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.2 and 2.3.5.6.3.
    mutating func receivedSecureConnectionsConfirm(_ value: UInt128) throws(PairingAbort) -> [Action] {
        let method = try current().method
        switch (role, state, method) {
        case (.initiator, .awaitingConfirm, .justWorks), (.initiator, .awaitingConfirm, .numericComparison),
            (.initiator, .awaitingConfirm, .passkeyEntry):
            context.peerConfirm = value
            state = .awaitingRandom
            return [.send(.pairingRandom(PairingRandom(randomValue: context.localRandom)))]
        case (.responder, .awaitingConfirm, .passkeyEntry):
            context.peerConfirm = value
            return respondToPasskeyRound()
        case (.responder, .awaitingPasskey, .passkeyEntry) where context.peerConfirm == nil:
            context.peerConfirm = value
            return []
        default:
            throw .unexpected
        }
    }

    /// Takes the peer's nonce: checks it against the peer's confirm value where there is one, and moves on to the
    /// next Passkey Entry round or to authentication stage 2.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.2 to 2.3.5.6.4.
    mutating func receivedSecureConnectionsRandom(_ value: UInt128) throws(PairingAbort) -> [Action] {
        let method = try current().method
        guard state == .awaitingRandom else { throw .unexpected }
        context.peerRandom = value
        let answer: [Action] =
            role == .responder ? [.send(.pairingRandom(PairingRandom(randomValue: context.localRandom)))] : []
        switch method {
        case .justWorks, .numericComparison:
            if role == .initiator {
                guard peerCommitment(z: 0) == context.peerConfirm else { throw PairingAbort(.confirmValueFailed) }
            }
            return answer + (try noncesExchanged())
        case .passkeyEntry:
            guard peerCommitment(z: passkeyBit) == context.peerConfirm else {
                throw PairingAbort(.confirmValueFailed)
            }
            guard context.passkeyRound == Self.passkeyRounds - 1 else {
                context.passkeyRound += 1
                context.peerConfirm = nil
                guard role == .initiator else {
                    state = .awaitingConfirm
                    return answer
                }
                return sendPasskeyRoundConfirm()
            }
            return answer + (try noncesExchanged())
        case .outOfBand:
            return answer + (try noncesExchanged())
        }
    }

    /// Both nonces are known: derive the MacKey and LTK, then ask the user to compare numbers (Numeric Comparison)
    /// or go straight to the DHKey checks.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.7, 2.2.9 and 2.3.5.6.5.
    mutating func noncesExchanged() throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        guard let keyPair = context.keyPair, let peerKey = context.peerPublicKey else { throw .unexpected }
        let (initiatorNonce, responderNonce) = nonces
        let keys = CryptoToolbox.f5(
            w: context.dhKey, n1: initiatorNonce, n2: responderNonce, a1: initiatorAddress, a2: responderAddress)
        context.macKey = keys.macKey
        context.encryptionKey = LongTermKey.shorten(keys.ltk, toSize: negotiation.keySize)
        guard negotiation.method == .numericComparison else { return try proceedToDHKeyCheck() }
        let (initiatorX, responderX) =
            role == .initiator ? (keyPair.publicKey.x, peerKey.x) : (peerKey.x, keyPair.publicKey.x)
        state = .awaitingNumericComparison
        return [.confirmNumber(CryptoToolbox.g2(u: initiatorX, v: responderX, x: initiatorNonce, y: responderNonce))]
    }

    /// Authentication stage 2: the initiator sends Ea; the responder checks Ea (now or when it arrives) and
    /// answers with Eb.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.5.
    mutating func proceedToDHKeyCheck() throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        switch role {
        case .initiator:
            state = .awaitingDHKeyCheck
            return [.send(.pairingDHKeyCheck(PairingDHKeyCheck(checkValue: localCheck(negotiation))))]
        case .responder:
            guard let pending = context.pendingPeerCheck else {
                state = .awaitingDHKeyCheck
                return []
            }
            return try responderChecks(pending)
        }
    }

    /// Takes the peer's DHKey Check value (Ea or Eb); a mismatch fails pairing with DHKey Check Failed.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.5 and 3.5.7.
    mutating func receivedDHKeyCheck(_ value: UInt128) throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        switch (role, state) {
        case (.responder, .awaitingNumericComparison) where context.pendingPeerCheck == nil:
            context.pendingPeerCheck = value
            return []
        case (.responder, .awaitingDHKeyCheck):
            return try responderChecks(value)
        case (.initiator, .awaitingDHKeyCheck):
            guard value == expectedPeerCheck(negotiation), let ltk = context.encryptionKey else {
                throw PairingAbort(.dhKeyCheckFailed)
            }
            state = .awaitingEncryption
            return [.startEncryption(ltk: ltk, ediv: 0, rand: 0)]
        default:
            throw .unexpected
        }
    }

    /// (Responder) Checks Ea, sends Eb and waits for the central to encrypt the link with the LTK.
    mutating func responderChecks(_ value: UInt128) throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        guard value == expectedPeerCheck(negotiation) else { throw PairingAbort(.dhKeyCheckFailed) }
        state = .awaitingEncryption
        return [.send(.pairingDHKeyCheck(PairingDHKeyCheck(checkValue: localCheck(negotiation))))]
    }

    /// Na and Nb (the last round's nonces in Passkey Entry).
    var nonces: (initiator: UInt128, responder: UInt128) {
        role == .initiator
            ? (context.localRandom, context.peerRandom) : (context.peerRandom, context.localRandom)
    }

    /// This device's commitment f4(own PKx, peer PKx, own nonce, z): Cb, Cai or Cbi.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.6.
    func localCommitment(z: UInt8) -> UInt128 {
        guard let keyPair = context.keyPair, let peerKey = context.peerPublicKey else { return 0 }
        return CryptoToolbox.f4(u: keyPair.publicKey.x, v: peerKey.x, x: context.localRandom, z: z)
    }

    /// The commitment the peer should have sent for the nonce it revealed.
    func peerCommitment(z: UInt8) -> UInt128 {
        guard let keyPair = context.keyPair, let peerKey = context.peerPublicKey else { return 0 }
        return CryptoToolbox.f4(u: peerKey.x, v: keyPair.publicKey.x, x: context.peerRandom, z: z)
    }

    /// This device's DHKey Check value (Ea from the initiator, Eb from the responder).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.8 and 2.3.5.6.5.
    func localCheck(_ negotiation: PairingNegotiation) -> UInt128 {
        CryptoToolbox.f6(
            w: context.macKey, n1: context.localRandom, n2: context.peerRandom, r: checkValue(peer: true),
            ioCap: localFeatures(negotiation).ioCap, a1: localAddress, a2: peerAddress)
    }

    /// The DHKey Check value the peer should send.
    func expectedPeerCheck(_ negotiation: PairingNegotiation) -> UInt128 {
        CryptoToolbox.f6(
            w: context.macKey, n1: context.peerRandom, n2: context.localRandom, r: checkValue(peer: false),
            ioCap: peerFeatures(negotiation).ioCap, a1: peerAddress, a2: localAddress)
    }

    /// The r that f6 mixes in: the passkey in Passkey Entry; in OOB the random value of the device whose OOB data
    /// the sender holds (the peer's if `peer`, as received out of band; this device's if the peer says it has it);
    /// zero otherwise.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.3 to 2.3.5.6.5.
    func checkValue(peer: Bool) -> UInt128 {
        guard let negotiation = context.negotiation else { return 0 }
        switch negotiation.method {
        case .passkeyEntry:
            return UInt128(context.passkey ?? 0)
        case .outOfBand:
            if peer { return configuration.outOfBand.peer?.random ?? 0 }
            guard peerFeatures(negotiation).oobDataFlag.isPresent else { return 0 }
            return configuration.outOfBand.local?.random ?? 0
        case .justWorks, .numericComparison:
            return 0
        }
    }
}
