extension PairingSession {
    /// The link is encrypted: the responder sends its keys first, then the initiator sends its own.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.6.1.
    mutating func beginKeyDistribution() -> [Action] {
        guard let negotiation = context.negotiation else { return [] }
        let peerKeys = role == .initiator ? negotiation.responderKeys : negotiation.initiatorKeys
        context.expectedPeerKeys = Self.opcodes(for: peerKeys, secureConnections: negotiation.isSecureConnections)
        switch role {
        case .responder:
            let actions = sendLocalKeys(negotiation)
            return actions + awaitPeerKeysOrComplete(negotiation)
        case .initiator:
            return awaitPeerKeysOrComplete(negotiation)
        }
    }

    /// Takes one of the peer's keys; they must come in the order the spec sends them.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.6.1 to 3.6.6.
    mutating func receivedKey(_ pdu: SMPPDU) throws(PairingAbort) -> [Action] {
        let negotiation = try current()
        guard state == .awaitingKeys, context.expectedPeerKeys.first == pdu.opcode else { throw .unexpected }
        context.expectedPeerKeys.removeFirst()
        switch pdu {
        case .encryptionInformation(let information):
            context.peerKeys.longTermKey = LongTermKey(value: information.longTermKey)
        case .centralIdentification(let identification):
            context.peerKeys.longTermKey?.ediv = identification.ediv
            context.peerKeys.longTermKey?.rand = identification.rand
        case .identityInformation(let information):
            context.peerKeys.identityResolvingKey = information.identityResolvingKey
        case .identityAddressInformation(let information):
            let address = IdentityAddress(type: information.addressType, address: information.address)
            guard address.isValid else { throw PairingAbort(.invalidParameters) }
            context.peerKeys.identityAddress = address
        case .signingInformation(let information):
            context.peerKeys.signatureKey = information.signatureKey
        default:
            throw .unexpected
        }
        guard context.expectedPeerKeys.isEmpty else { return [] }
        switch role {
        case .initiator: return sendLocalKeys(negotiation) + complete(negotiation)
        case .responder: return complete(negotiation)
        }
    }

    /// Waits for the peer's keys, or, if it sends none, ends the distribution.
    mutating func awaitPeerKeysOrComplete(_ negotiation: PairingNegotiation) -> [Action] {
        guard context.expectedPeerKeys.isEmpty else {
            state = .awaitingKeys
            return []
        }
        switch role {
        case .initiator: return sendLocalKeys(negotiation) + complete(negotiation)
        case .responder: return complete(negotiation)
        }
    }

    /// Sends this device's share of the negotiated keys: a fresh legacy LTK with EDIV and Rand, the identity,
    /// and a fresh CSRK.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.2 and 3.6.1.
    mutating func sendLocalKeys(_ negotiation: PairingNegotiation) -> [Action] {
        let keys = role == .initiator ? negotiation.initiatorKeys : negotiation.responderKeys
        var actions: [Action] = []
        if keys.contains(.encKey), !negotiation.isSecureConnections {
            let value = LongTermKey.shorten(random128(), toSize: negotiation.keySize)
            let key = LongTermKey(value: value, ediv: randomness.next(), rand: randomness.next())
            context.localKeys.longTermKey = key
            actions.append(.send(.encryptionInformation(EncryptionInformation(longTermKey: key.value))))
            actions.append(.send(.centralIdentification(CentralIdentification(ediv: key.ediv, rand: key.rand))))
        }
        if keys.contains(.idKey), let identity = configuration.identity {
            context.localKeys.identityResolvingKey = identity.identityResolvingKey
            context.localKeys.identityAddress = identity.address
            let information = IdentityInformation(identityResolvingKey: identity.identityResolvingKey)
            let address = IdentityAddressInformation(
                addressType: identity.address.type, address: identity.address.address)
            actions.append(.send(.identityInformation(information)))
            actions.append(.send(.identityAddressInformation(address)))
        }
        if keys.contains(.signKey) {
            let signatureKey = random128()
            context.localKeys.signatureKey = signatureKey
            actions.append(.send(.signingInformation(SigningInformation(signatureKey: signatureKey))))
        }
        return actions
    }

    /// Ends the pairing successfully with everything both devices computed and exchanged.
    mutating func complete(_ negotiation: PairingNegotiation) -> [Action] {
        let secureConnectionsKey = negotiation.isSecureConnections ? context.encryptionKey : nil
        let result = PairingResult(
            role: role,
            method: negotiation.method,
            isSecureConnections: negotiation.isSecureConnections,
            isAuthenticated: negotiation.method.isAuthenticated,
            isBonded: negotiation.isBonding,
            encryptionKeySize: negotiation.keySize,
            secureConnectionsLongTermKey: secureConnectionsKey.map { LongTermKey(value: $0) },
            localKeys: context.localKeys,
            peerKeys: context.peerKeys)
        finish(.completed)
        return [.cancelTimeout, .completed(result)]
    }

    /// The PDUs that carry a set of keys, in the order they are sent; EncKey means nothing in Secure Connections.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.6.1.
    static func opcodes(for keys: KeyDistribution, secureConnections: Bool) -> [SMPOpcode] {
        var opcodes: [SMPOpcode] = []
        if keys.contains(.encKey), !secureConnections { opcodes += [.encryptionInformation, .centralIdentification] }
        if keys.contains(.idKey) { opcodes += [.identityInformation, .identityAddressInformation] }
        if keys.contains(.signKey) { opcodes.append(.signingInformation) }
        return opcodes
    }
}
