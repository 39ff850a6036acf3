/// What this device received out of band from its peer for LE Secure Connections: the peer's random value and
/// the confirm value that commits to the peer's public key.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.4.
public struct PeerOOBData: Hashable, Sendable {
    /// The peer's random value r.
    public var random: UInt128
    /// The peer's confirm value C.
    public var confirm: UInt128

    /// Wraps the two values received out of band.
    public init(random: UInt128, confirm: UInt128) {
        self.random = random
        self.confirm = confirm
    }
}
