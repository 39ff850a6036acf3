/// The keys one device handed over in the key distribution phase of a pairing.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.1.
public struct DistributedKeys: Hashable, Sendable {
    /// The legacy LTK with its EDIV and Rand (Encryption Information and Central Identification); nil in
    /// LE Secure Connections, where the LTK is derived rather than sent.
    public var longTermKey: LongTermKey?
    /// The Identity Resolving Key (Identity Information).
    public var identityResolvingKey: UInt128?
    /// The identity address (Identity Address Information).
    public var identityAddress: IdentityAddress?
    /// The Connection Signature Resolving Key (Signing Information).
    public var signatureKey: UInt128?

    /// Collects keys; every one is optional.
    public init(
        longTermKey: LongTermKey? = nil,
        identityResolvingKey: UInt128? = nil,
        identityAddress: IdentityAddress? = nil,
        signatureKey: UInt128? = nil
    ) {
        self.longTermKey = longTermKey
        self.identityResolvingKey = identityResolvingKey
        self.identityAddress = identityAddress
        self.signatureKey = signatureKey
    }

    /// Whether no key was distributed.
    public var isEmpty: Bool {
        longTermKey == nil && identityResolvingKey == nil && identityAddress == nil && signatureKey == nil
    }
}
