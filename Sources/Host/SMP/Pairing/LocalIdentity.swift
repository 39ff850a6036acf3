/// The identity this adapter distributes in pairing: its Identity Resolving Key and its identity address.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.4 and 3.6.5.
public struct LocalIdentity: Hashable, Sendable {
    /// The IRK with which peers resolve this adapter's resolvable private addresses.
    public var identityResolvingKey: UInt128
    /// The adapter's public or static random address.
    public var address: IdentityAddress

    /// Pairs an IRK with the identity address it belongs to.
    public init(identityResolvingKey: UInt128, address: IdentityAddress) {
        self.identityResolvingKey = identityResolvingKey
        self.address = address
    }
}
