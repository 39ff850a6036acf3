import HCI

/// Everything kept about one bonded peer: who it is, the keys that secure links with it, and the state a GATT
/// server keeps for it between connections.
///
/// Bluetooth Core Specification Vol 3, Part C, 9.4 and Vol 3, Part H, 2.4.
public struct Bond: Hashable, Sendable {
    /// The peer's identity address, or the address it paired from if it gave no identity.
    public var peerAddress: IdentityAddress
    /// The peer's IRK, with which its resolvable private addresses are resolved.
    public var peerIdentityResolvingKey: UInt128?
    /// The peer's CSRK, with which its signed writes are checked.
    public var peerSignatureKey: UInt128?
    /// The key to start encryption with as the central: the LE Secure Connections LTK (EDIV and Rand zero), or the
    /// LTK the peer distributed in legacy pairing.
    public var longTermKey: LongTermKey?
    /// The key size negotiated in pairing, 7 to 16 octets.
    public var encryptionKeySize: UInt8
    /// Whether the key is authenticated (MITM-protected).
    public var isAuthenticated: Bool
    /// Whether the key came from LE Secure Connections.
    public var isSecureConnections: Bool
    /// The keys this device distributed to the peer.
    public var localKeys: DistributedKeys
    /// What the GATT server keeps for this client: subscriptions, features and the database hash it saw.
    public var clientConfiguration: BondedClientConfiguration?
    /// Other data the application keeps with the bond, stored as it is.
    public var applicationData: [UInt8]?
    /// The SignCounter of our next signed write to the peer, signed with ``DistributedKeys/signatureKey``.
    public var localSignCounter: UInt32 = 0
    /// The SignCounter of the last signed write taken from the peer; a new one must be higher.
    public var peerSignCounter: UInt32?

    /// Collects a bond's fields.
    public init(
        peerAddress: IdentityAddress,
        peerIdentityResolvingKey: UInt128? = nil,
        peerSignatureKey: UInt128? = nil,
        longTermKey: LongTermKey?,
        encryptionKeySize: UInt8 = 16,
        isAuthenticated: Bool,
        isSecureConnections: Bool,
        localKeys: DistributedKeys = DistributedKeys(),
        clientConfiguration: BondedClientConfiguration? = nil,
        applicationData: [UInt8]? = nil
    ) {
        self.peerAddress = peerAddress
        self.peerIdentityResolvingKey = peerIdentityResolvingKey
        self.peerSignatureKey = peerSignatureKey
        self.longTermKey = longTermKey
        self.encryptionKeySize = encryptionKeySize
        self.isAuthenticated = isAuthenticated
        self.isSecureConnections = isSecureConnections
        self.localKeys = localKeys
        self.clientConfiguration = clientConfiguration
        self.applicationData = applicationData
    }

    /// Makes the bond a pairing produced with a peer that paired from `peerAddress`.
    public init(result: PairingResult, peerAddress: SMPAddress) {
        let connectionAddress = IdentityAddress(
            type: peerAddress.type.isRandom ? .random : .public, address: peerAddress.address)
        self.init(
            peerAddress: result.peerKeys.identityAddress ?? connectionAddress,
            peerIdentityResolvingKey: result.peerKeys.identityResolvingKey,
            peerSignatureKey: result.peerKeys.signatureKey,
            longTermKey: result.longTermKeyAsCentral,
            encryptionKeySize: result.encryptionKeySize,
            isAuthenticated: result.isAuthenticated,
            isSecureConnections: result.isSecureConnections,
            localKeys: result.localKeys)
    }

    /// The key to give the controller as the peripheral: the Secure Connections LTK, or the LTK this device
    /// distributed in legacy pairing.
    public var longTermKeyAsPeripheral: LongTermKey? {
        isSecureConnections ? longTermKey : localKeys.longTermKey
    }

    /// (Peripheral) The key for an LE Long Term Key Request with this EDIV and Rand, or nil if they name no key of
    /// this bond.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65.5.
    public func longTermKey(forEDIV ediv: UInt16, rand: UInt64) -> UInt128? {
        guard let key = longTermKeyAsPeripheral, key.ediv == ediv, key.rand == rand else { return nil }
        return key.value
    }
}
