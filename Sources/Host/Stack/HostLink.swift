import HCI

/// A connection as the layer above sees it: who the peer is, our role, and the ATT_MTU in use.
public struct HostLink: Sendable, Equatable {
    /// The connection's handle, unique while it lasts.
    public var handle: ConnectionHandle
    /// Whether this side is central or peripheral.
    public var role: Role
    /// The peer's address as the link layer saw it.
    public var peerAddress: BluetoothAddress
    /// The kind of ``peerAddress``.
    public var peerAddressType: AddressType
    /// The ATT_MTU in use.
    public var mtu: Int
    /// The peer's identity address when a bond resolves ``peerAddress`` or the peer distributed it in pairing.
    public var identityAddress: IdentityAddress?

    /// Describes a link.
    public init(
        handle: ConnectionHandle, role: Role, peerAddress: BluetoothAddress, peerAddressType: AddressType, mtu: Int,
        identityAddress: IdentityAddress? = nil
    ) {
        self.handle = handle
        self.role = role
        self.peerAddress = peerAddress
        self.peerAddressType = peerAddressType
        self.mtu = mtu
        self.identityAddress = identityAddress
    }
}
