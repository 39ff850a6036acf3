extension PairingSession {
    /// Runs a transition: an abort becomes Pairing Failed, and queuing a PDU restarts the timer.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.4.
    mutating func perform(_ transition: (inout PairingSession) throws(PairingAbort) -> [Action]) -> [Action] {
        var actions: [Action]
        do {
            actions = try transition(&self)
        } catch {
            finish(.failed(error.reason))
            let pdu = SMPPDU.pairingFailed(PairingFailed(reason: error.reason))
            return [.send(pdu), .cancelTimeout, .failed(reason: error.reason, sent: true)]
        }
        let sends = actions.contains { if case .send = $0 { true } else { false } }
        if sends, !isFinished { actions.append(.armTimeout) }
        return actions
    }

    /// Ends the pairing because the peer sent Pairing Failed.
    mutating func peerFailed(_ reason: SMPErrorCode) -> [Action] {
        guard state != .idle, !isFinished else { return [] }
        finish(.failed(reason))
        return [.cancelTimeout, .failed(reason: reason, sent: false)]
    }

    /// Enters a final state and forgets every key and value computed on the way.
    mutating func finish(_ final: State) {
        state = final
        context = PairingContext()
    }

    /// Routes a PDU to its phase, after the checks that do not depend on the phase.
    mutating func handle(_ pdu: SMPPDU) throws(PairingAbort) -> [Action] {
        switch pdu {
        case .unknown, .keypressNotification, .pairingFailed:
            return []
        case .securityRequest(let request):
            return try receivedSecurityRequest(request)
        case .pairingRequest(let features):
            return try receivedPairingRequest(features)
        case .pairingResponse(let features):
            return try receivedPairingResponse(features)
        case .pairingPublicKey(let key):
            guard configuration.supportsSecureConnections else { throw PairingAbort(.commandNotSupported) }
            return try receivedPublicKey(key)
        case .pairingDHKeyCheck(let check):
            guard configuration.supportsSecureConnections else { throw PairingAbort(.commandNotSupported) }
            return try receivedDHKeyCheck(check.checkValue)
        case .pairingConfirm(let confirm):
            let negotiation = try current()
            return negotiation.isSecureConnections
                ? try receivedSecureConnectionsConfirm(confirm.confirmValue)
                : try receivedLegacyConfirm(confirm.confirmValue)
        case .pairingRandom(let random):
            let negotiation = try current()
            return negotiation.isSecureConnections
                ? try receivedSecureConnectionsRandom(random.randomValue)
                : try receivedLegacyRandom(random.randomValue)
        case .encryptionInformation, .centralIdentification, .identityInformation, .identityAddressInformation,
            .signingInformation:
            return try receivedKey(pdu)
        }
    }

    /// The negotiated features, or an abort if the feature exchange has not happened.
    func current() throws(PairingAbort) -> PairingNegotiation {
        guard let negotiation = context.negotiation else { throw .unexpected }
        return negotiation
    }

    /// A fresh 128-bit random value.
    mutating func random128() -> UInt128 {
        randomness.next128()
    }

    /// The initiator's address on the link.
    var initiatorAddress: SMPAddress { role == .initiator ? localAddress : peerAddress }

    /// The responder's address on the link.
    var responderAddress: SMPAddress { role == .responder ? localAddress : peerAddress }
}
