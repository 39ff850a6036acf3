/// What this device can and wants to do when it pairs: its IO capabilities, security requirements, key sizes,
/// keys to exchange and out-of-band data.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3 and 3.5.1.
public struct PairingConfiguration: Sendable {
    /// What the device can show and take from its user.
    public var ioCapability: IOCapability
    /// Whether the device pairs at all; if not, a Pairing Request is answered with Pairing Not Supported.
    public var acceptsPairing: Bool
    /// Whether the device sets the Bonding flag, asking to keep the keys.
    public var bondable: Bool
    /// Whether the device sets the MITM flag and refuses a pairing whose method is not authenticated.
    public var requiresMITM: Bool
    /// Whether the device sets the MITM flag, asking for an authenticated method where both devices' IO
    /// capabilities allow one, yet still accepts Just Works; ``requiresMITM`` implies it.
    public var requestsMITM = false
    /// Whether the device sets the SC flag, offering LE Secure Connections.
    public var supportsSecureConnections: Bool
    /// Whether the device refuses legacy pairing (Secure Connections Only mode).
    public var requiresSecureConnections: Bool
    /// The largest key size offered, 7 to 16 octets.
    public var maximumEncryptionKeySize: UInt8
    /// The smallest key size accepted; a smaller negotiated size fails with Encryption Key Size.
    public var minimumEncryptionKeySize: UInt8
    /// The IRK and identity address to distribute, or nil to distribute none.
    public var identity: LocalIdentity?
    /// The keys this device offers to send; IdKey without an ``identity`` is never offered.
    public var keysToDistribute: KeyDistribution
    /// The keys this device asks its peer for.
    public var keysToRequest: KeyDistribution
    /// Out-of-band data for this pairing.
    public var outOfBand: OutOfBandData

    /// Describes a device; a bondable one offers its LTK (legacy) and identity and asks for every key,
    /// a non-bondable one exchanges no keys.
    public init(
        ioCapability: IOCapability = .noInputNoOutput,
        acceptsPairing: Bool = true,
        bondable: Bool = true,
        requiresMITM: Bool = false,
        supportsSecureConnections: Bool = true,
        requiresSecureConnections: Bool = false,
        maximumEncryptionKeySize: UInt8 = 16,
        minimumEncryptionKeySize: UInt8 = 7,
        identity: LocalIdentity? = nil,
        outOfBand: OutOfBandData = OutOfBandData()
    ) {
        self.ioCapability = ioCapability
        self.acceptsPairing = acceptsPairing
        self.bondable = bondable
        self.requiresMITM = requiresMITM
        self.supportsSecureConnections = supportsSecureConnections
        self.requiresSecureConnections = requiresSecureConnections
        self.maximumEncryptionKeySize = maximumEncryptionKeySize
        self.minimumEncryptionKeySize = minimumEncryptionKeySize
        self.identity = identity
        self.outOfBand = outOfBand
        keysToDistribute = bondable ? (identity == nil ? [.encKey] : [.encKey, .idKey]) : []
        keysToRequest = bondable ? [.encKey, .idKey, .signKey] : []
    }

    /// The AuthReq field this device sends.
    var authenticationRequirements: AuthenticationRequirements {
        var requirements: AuthenticationRequirements = []
        if bondable { requirements.insert(.bonding) }
        if requiresMITM || requestsMITM { requirements.insert(.mitm) }
        if supportsSecureConnections { requirements.insert(.secureConnections) }
        return requirements
    }

    /// The keys this device can actually send: those it offers, less IdKey without an identity and LinkKey.
    var availableKeys: KeyDistribution {
        var keys = keysToDistribute.intersection([.encKey, .idKey, .signKey])
        if identity == nil { keys.remove(.idKey) }
        return keys
    }
}
