extension PairingSession {
    /// The key distribution bits this implementation knows how to send and receive.
    static let supportedKeys: KeyDistribution = [.encKey, .idKey, .signKey]

    /// (Initiator) Sends the Pairing Request with this device's features.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.1.
    mutating func sendPairingRequest() -> [Action] {
        var requirements = configuration.authenticationRequirements
        requirements.formUnion(context.peerRequirements.intersection(.mitm))
        let request = PairingFeatures(
            ioCapability: configuration.ioCapability,
            oobDataFlag: configuration.outOfBand.flag,
            authenticationRequirements: requirements,
            maximumEncryptionKeySize: offeredKeySize,
            initiatorKeyDistribution: configuration.availableKeys,
            responderKeyDistribution: configuration.keysToRequest.intersection(Self.supportedKeys))
        context.request = request
        state = .awaitingPairingResponse
        return [.send(.pairingRequest(request))]
    }

    /// (Initiator) A peripheral asks for security: pair, adding its MITM wish to the request.
    ///
    /// A driver that already holds a bond good enough for the request should start encryption with it instead of
    /// passing the Security Request here.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.6 and 3.6.7.
    mutating func receivedSecurityRequest(_ request: SecurityRequest) throws(PairingAbort) -> [Action] {
        guard role == .initiator else { throw PairingAbort(.commandNotSupported) }
        guard state == .idle else { return [] }
        guard configuration.acceptsPairing else { throw PairingAbort(.pairingNotSupported) }
        context.peerRequirements = request.authenticationRequirements
        return sendPairingRequest()
    }

    /// (Responder) Answers a Pairing Request with the Pairing Response and starts authentication.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.1 and 3.5.2.
    mutating func receivedPairingRequest(_ request: PairingFeatures) throws(PairingAbort) -> [Action] {
        guard role == .responder else { throw PairingAbort(.commandNotSupported) }
        guard state == .idle || state == .awaitingPairingRequest else { throw .unexpected }
        guard configuration.acceptsPairing else { throw PairingAbort(.pairingNotSupported) }
        try validate(request)
        let secureConnections =
            configuration.supportsSecureConnections
            && request.authenticationRequirements.contains(.secureConnections)
        var initiatorKeys = request.initiatorKeyDistribution.intersection(configuration.keysToRequest)
        var responderKeys = request.responderKeyDistribution.intersection(configuration.availableKeys)
        if secureConnections {
            initiatorKeys.remove(.encKey)
            responderKeys.remove(.encKey)
        }
        let response = PairingFeatures(
            ioCapability: configuration.ioCapability,
            oobDataFlag: configuration.outOfBand.flag,
            authenticationRequirements: configuration.authenticationRequirements,
            maximumEncryptionKeySize: offeredKeySize,
            initiatorKeyDistribution: initiatorKeys.intersection(Self.supportedKeys),
            responderKeyDistribution: responderKeys.intersection(Self.supportedKeys))
        context.negotiation = try negotiate(request: request, response: response)
        return [.send(.pairingResponse(response))] + (try beginAuthentication())
    }

    /// (Initiator) Checks the Pairing Response against the request and starts authentication.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.2.
    mutating func receivedPairingResponse(_ response: PairingFeatures) throws(PairingAbort) -> [Action] {
        guard role == .initiator else { throw PairingAbort(.commandNotSupported) }
        guard state == .awaitingPairingResponse, let request = context.request else { throw .unexpected }
        try validate(response)
        guard response.initiatorKeyDistribution.isSubset(of: request.initiatorKeyDistribution),
            response.responderKeyDistribution.isSubset(of: request.responderKeyDistribution)
        else { throw PairingAbort(.invalidParameters) }
        context.negotiation = try negotiate(request: request, response: response)
        return try beginAuthentication()
    }

    /// The maximum key size this device sends, kept within 7 to 16.
    var offeredKeySize: UInt8 {
        min(max(configuration.maximumEncryptionKeySize, 7), 16)
    }

    /// Rejects the peer's features when a parameter is out of range.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.4 and 3.5.1.
    func validate(_ features: PairingFeatures) throws(PairingAbort) {
        guard features.ioCapability.isKnown, features.oobDataFlag.rawValue <= 1 else {
            throw PairingAbort(.invalidParameters)
        }
        guard PairingFeatures.allowedEncryptionKeySizes.contains(features.maximumEncryptionKeySize) else {
            throw PairingAbort(.encryptionKeySize)
        }
    }

    /// Works out the pairing from both PDUs, refusing what this device's configuration does not allow.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.4, 2.3.5.1 and 3.6.1.
    func negotiate(request: PairingFeatures, response: PairingFeatures) throws(PairingAbort) -> PairingNegotiation {
        let secureConnections =
            request.authenticationRequirements.contains(.secureConnections)
            && response.authenticationRequirements.contains(.secureConnections)
        if configuration.requiresSecureConnections, !secureConnections {
            throw PairingAbort(.authenticationRequirements)
        }
        let keySize = min(request.maximumEncryptionKeySize, response.maximumEncryptionKeySize)
        guard keySize >= configuration.minimumEncryptionKeySize else { throw PairingAbort(.encryptionKeySize) }
        let method = PairingMethod.select(
            initiator: (request.ioCapability, request.oobDataFlag, request.authenticationRequirements),
            responder: (response.ioCapability, response.oobDataFlag, response.authenticationRequirements),
            secureConnections: secureConnections)
        if configuration.requiresMITM, !method.isAuthenticated { throw PairingAbort(.authenticationRequirements) }
        if method == .outOfBand {
            let peerFeatures = role == .initiator ? response : request
            let available =
                secureConnections
                ? !peerFeatures.oobDataFlag.isPresent || configuration.outOfBand.local != nil
                : configuration.outOfBand.legacyTemporaryKey != nil
            guard available else { throw PairingAbort(.oobNotAvailable) }
        }
        var initiatorKeys = response.initiatorKeyDistribution.intersection(Self.supportedKeys)
        var responderKeys = response.responderKeyDistribution.intersection(Self.supportedKeys)
        if secureConnections {
            initiatorKeys.remove(.encKey)
            responderKeys.remove(.encKey)
        }
        return PairingNegotiation(
            request: request,
            response: response,
            isSecureConnections: secureConnections,
            method: method,
            keySize: keySize,
            initiatorKeys: initiatorKeys,
            responderKeys: responderKeys,
            isBonding: request.authenticationRequirements.bondingFlags == 0b01
                && response.authenticationRequirements.bondingFlags == 0b01)
    }

    /// Starts phase 2 with the method both devices arrived at.
    mutating func beginAuthentication() throws(PairingAbort) -> [Action] {
        try current().isSecureConnections ? try beginSecureConnections() : try beginLegacy()
    }

    /// The user typed the passkey: carry on with the method in use.
    mutating func passkeyEntered() throws(PairingAbort) -> [Action] {
        try current().isSecureConnections ? try secureConnectionsPasskeyReady() : try legacyPasskeyEntered()
    }

    /// Whether this device shows the passkey (rather than asking the user for it) in Passkey Entry.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1, Table 2.8.
    func displaysPasskey(_ roles: PairingMethod.PasskeyRoles) -> Bool {
        switch roles {
        case .initiatorDisplays: role == .initiator
        case .responderDisplays: role == .responder
        case .bothInput: false
        }
    }

    /// Draws a six-digit passkey, uniformly from 0 to 999999.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.3.
    mutating func drawPasskey() -> UInt32 {
        UInt32.random(in: 0...999_999, using: &randomness)
    }

    /// This device's features as sent in the Pairing Request or Response.
    func localFeatures(_ negotiation: PairingNegotiation) -> PairingFeatures {
        role == .initiator ? negotiation.request : negotiation.response
    }

    /// The peer's features as sent in the Pairing Request or Response.
    func peerFeatures(_ negotiation: PairingNegotiation) -> PairingFeatures {
        role == .initiator ? negotiation.response : negotiation.request
    }
}
