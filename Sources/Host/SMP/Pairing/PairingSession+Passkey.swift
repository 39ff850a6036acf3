extension PairingSession {
    /// The number of Passkey Entry rounds in LE Secure Connections: one per bit of a 20-bit passkey.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.3.
    static let passkeyRounds = 20

    /// (Secure Connections) The passkey is known: the initiator opens the first round; the responder answers it
    /// if the initiator's commitment has already arrived.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.3.
    mutating func secureConnectionsPasskeyReady() throws(PairingAbort) -> [Action] {
        guard context.passkey != nil, context.peerPublicKey != nil else { throw .unexpected }
        switch role {
        case .initiator:
            return sendPasskeyRoundConfirm()
        case .responder:
            guard context.peerConfirm != nil else {
                state = .awaitingConfirm
                return []
            }
            return respondToPasskeyRound()
        }
    }

    /// (Initiator) Opens a round with a fresh Nai and Cai = f4(PKax, PKbx, Nai, 0x80 | rai).
    mutating func sendPasskeyRoundConfirm() -> [Action] {
        context.localRandom = random128()
        state = .awaitingConfirm
        return [.send(.pairingConfirm(PairingConfirm(confirmValue: localCommitment(z: passkeyBit))))]
    }

    /// (Responder) Answers Cai with a fresh Nbi and Cbi = f4(PKbx, PKax, Nbi, 0x80 | rbi).
    mutating func respondToPasskeyRound() -> [Action] {
        context.localRandom = random128()
        state = .awaitingRandom
        return [.send(.pairingConfirm(PairingConfirm(confirmValue: localCommitment(z: passkeyBit))))]
    }

    /// The passkey bit of the current round, least significant first, as f4 takes it (0x80 or 0x81).
    var passkeyBit: UInt8 {
        let bit = ((context.passkey ?? 0) >> UInt32(context.passkeyRound)) & 1
        return 0x80 | UInt8(bit)
    }
}
