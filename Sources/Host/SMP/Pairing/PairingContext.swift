/// The outcome of the pairing feature exchange: the two PDUs and what follows from them.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.
struct PairingNegotiation: Sendable {
    var request: PairingFeatures
    var response: PairingFeatures
    var isSecureConnections: Bool
    var method: PairingMethod
    var keySize: UInt8
    var initiatorKeys: KeyDistribution
    var responderKeys: KeyDistribution
    var isBonding: Bool
}

/// What one pairing has learnt and computed so far; cleared when the pairing ends.
struct PairingContext: Sendable {
    /// The Pairing Request sent, while the initiator waits for the response.
    var request: PairingFeatures?
    var negotiation: PairingNegotiation?
    /// MITM wish from a received Security Request, added to the Pairing Request.
    var peerRequirements: AuthenticationRequirements = []

    var passkey: UInt32?
    /// The legacy TK.
    var temporaryKey: UInt128?
    /// Mrand or Srand (legacy); Na, Nb or Nai, Nbi (Secure Connections).
    var localRandom: UInt128 = 0
    var peerRandom: UInt128 = 0
    var peerConfirm: UInt128?
    var keyPair: P256KeyPair?
    var peerPublicKey: P256PublicKey?
    var dhKey: [UInt8] = []
    /// The Passkey Entry round, 0 to 19.
    var passkeyRound = 0
    var macKey: UInt128 = 0
    /// A DHKey Check received while the user has yet to confirm the number.
    var pendingPeerCheck: UInt128?
    /// The STK (legacy) or LTK (Secure Connections), shortened to the key size.
    var encryptionKey: UInt128?

    /// The key distribution PDUs still to come from the peer, in the order the spec sends them.
    var expectedPeerKeys: [SMPOpcode] = []
    var localKeys = DistributedKeys()
    var peerKeys = DistributedKeys()
}
