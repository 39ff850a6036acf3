/// What a successful pairing produced: how it went, how strong the key is, and both devices' keys.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3 and 3.6.1.
public struct PairingResult: Hashable, Sendable {
    /// Whether this device was the initiator (central) or the responder (peripheral).
    public var role: PairingSession.Role
    /// How the devices authenticated each other.
    public var method: PairingMethod
    /// Whether LE Secure Connections was used (otherwise LE legacy pairing).
    public var isSecureConnections: Bool
    /// Whether the key is authenticated (MITM-protected): the method was Passkey Entry, Numeric Comparison or OOB.
    public var isAuthenticated: Bool
    /// Whether both devices set the Bonding flag, so that the keys are meant to be stored.
    public var isBonded: Bool
    /// The negotiated key size in octets, 7 to 16.
    public var encryptionKeySize: UInt8
    /// The LTK derived by LE Secure Connections (EDIV and Rand zero), or nil in legacy pairing.
    public var secureConnectionsLongTermKey: LongTermKey?
    /// The keys this device sent.
    public var localKeys: DistributedKeys
    /// The keys the peer sent.
    public var peerKeys: DistributedKeys

    /// The key to start encryption with when this device is the central on a later link: the Secure Connections
    /// LTK, or the LTK the peer distributed.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.
    public var longTermKeyAsCentral: LongTermKey? {
        secureConnectionsLongTermKey ?? peerKeys.longTermKey
    }

    /// The key to give the controller when this device is the peripheral on a later link: the Secure Connections
    /// LTK, or the LTK this device distributed.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.
    public var longTermKeyAsPeripheral: LongTermKey? {
        secureConnectionsLongTermKey ?? localKeys.longTermKey
    }
}
