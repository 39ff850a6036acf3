extension PairingSession {
    /// Starts LE legacy phase 2: settles the TK (zero, a passkey, or OOB data) and exchanges confirm values.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.2 to 2.3.5.5.
    mutating func beginLegacy() throws(PairingAbort) -> [Action] {
        switch try current().method {
        case .justWorks:
            context.temporaryKey = 0
        case .outOfBand:
            context.temporaryKey = configuration.outOfBand.legacyTemporaryKey
        case .passkeyEntry(let roles):
            guard displaysPasskey(roles) else {
                state = .awaitingPasskey
                return [.requestPasskey]
            }
            let passkey = drawPasskey()
            context.passkey = passkey
            context.temporaryKey = UInt128(passkey)
            return [.displayPasskey(passkey)] + (try legacyTemporaryKeyReady())
        case .numericComparison:
            throw .unexpected
        }
        return try legacyTemporaryKeyReady()
    }

    /// The user typed the passkey, which becomes the TK.
    mutating func legacyPasskeyEntered() throws(PairingAbort) -> [Action] {
        guard let passkey = context.passkey else { throw .unexpected }
        context.temporaryKey = UInt128(passkey)
        return try legacyTemporaryKeyReady()
    }

    /// With the TK known, the initiator sends Mconfirm; the responder sends Sconfirm once Mconfirm is in.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.5.
    mutating func legacyTemporaryKeyReady() throws(PairingAbort) -> [Action] {
        switch role {
        case .initiator:
            context.localRandom = random128()
            state = .awaitingConfirm
            return [.send(.pairingConfirm(PairingConfirm(confirmValue: try legacyConfirm(context.localRandom))))]
        case .responder:
            guard context.peerConfirm != nil else {
                state = .awaitingConfirm
                return []
            }
            return try sendLegacyResponderConfirm()
        }
    }

    /// Takes Mconfirm (responder) or Sconfirm (initiator).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.5 and 3.5.3.
    mutating func receivedLegacyConfirm(_ value: UInt128) throws(PairingAbort) -> [Action] {
        switch (role, state) {
        case (.initiator, .awaitingConfirm):
            context.peerConfirm = value
            state = .awaitingRandom
            return [.send(.pairingRandom(PairingRandom(randomValue: context.localRandom)))]
        case (.responder, .awaitingConfirm):
            context.peerConfirm = value
            return try sendLegacyResponderConfirm()
        case (.responder, .awaitingPasskey) where context.peerConfirm == nil:
            context.peerConfirm = value
            return []
        default:
            throw .unexpected
        }
    }

    /// (Responder) Sends Sconfirm.
    mutating func sendLegacyResponderConfirm() throws(PairingAbort) -> [Action] {
        context.localRandom = random128()
        state = .awaitingRandom
        return [.send(.pairingConfirm(PairingConfirm(confirmValue: try legacyConfirm(context.localRandom))))]
    }

    /// Takes Mrand (responder) or Srand (initiator), checks it against the confirm value and derives the STK.
    ///
    /// The responder answers with Srand and waits for the controller to ask for the STK; the initiator starts
    /// encryption with it.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.5 and 3.5.4.
    mutating func receivedLegacyRandom(_ value: UInt128) throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        guard state == .awaitingRandom, let peerConfirm = context.peerConfirm,
            let temporaryKey = context.temporaryKey
        else { throw .unexpected }
        guard try legacyConfirm(value) == peerConfirm else { throw PairingAbort(.confirmValueFailed) }
        context.peerRandom = value
        let (responderRandom, initiatorRandom) =
            role == .initiator ? (value, context.localRandom) : (context.localRandom, value)
        let stk = LongTermKey.shorten(
            CryptoToolbox.s1(k: temporaryKey, r1: responderRandom, r2: initiatorRandom),
            toSize: negotiation.keySize)
        context.encryptionKey = stk
        state = .awaitingEncryption
        switch role {
        case .initiator:
            return [.startEncryption(ltk: stk, ediv: 0, rand: 0)]
        case .responder:
            return [.send(.pairingRandom(PairingRandom(randomValue: context.localRandom)))]
        }
    }

    /// The confirm value c1 gives for a random value, from the TK and both pairing PDUs as sent.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.3.
    func legacyConfirm(_ random: UInt128) throws(PairingAbort) -> UInt128 {
        let negotiation = try current()
        guard let temporaryKey = context.temporaryKey else { throw .unexpected }
        return CryptoToolbox.c1(
            k: temporaryKey,
            r: random,
            preq: SMPPDU.pairingRequest(negotiation.request).encoded,
            pres: SMPPDU.pairingResponse(negotiation.response).encoded,
            initiator: initiatorAddress,
            responder: responderAddress)
    }
}
