import HCI

/// What the GATT server needs to know about the link a request came in on.
public struct ConnectionContext: Hashable, Sendable {
    /// The connection the request came in on.
    public var id: ConnectionHandle
    /// How well the link is protected now.
    public var security: LinkSecurity
    /// The ATT_MTU in effect on the bearer (23 to 517).
    public var mtu: Int

    public init(id: ConnectionHandle, security: LinkSecurity = .unencrypted, mtu: Int = 23) {
        self.id = id
        self.security = security
        self.mtu = mtu
    }
}
