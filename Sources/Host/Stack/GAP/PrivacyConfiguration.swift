/// How a host hides its identity: the IRK its resolvable private addresses are made with, and how often the
/// address changes.
///
/// Bluetooth Core Specification Vol 3, Part C, 10.7 and Vol 6, Part B, 1.3.2.2.
public struct PrivacyConfiguration: Sendable {
    /// The local IRK; nil uses the one kept beside the bond file (made on first use), or a fresh one per run when
    /// the host keeps no bond file.
    public var identityResolvingKey: UInt128?
    /// How long one resolvable private address is used; the spec recommends 15 minutes.
    public var rotationInterval: Duration

    /// Describes the privacy a host uses.
    public init(identityResolvingKey: UInt128? = nil, rotationInterval: Duration = .seconds(15 * 60)) {
        self.identityResolvingKey = identityResolvingKey
        self.rotationInterval = rotationInterval
    }
}
