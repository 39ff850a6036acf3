import HCI

/// The Security Manager's view of one link: who pairs on it and as what, how well it is protected, and the
/// pairing or encryption under way.
final class SecurityLink {
    let handle: ConnectionHandle
    let role: Role
    /// The peer's address as the link layer saw it, as pairing computes with it.
    let peer: SMPAddress
    /// The address this side uses on the link, as pairing computes with it.
    let local: SMPAddress
    /// How well the link is protected now.
    var security = LinkSecurity.unencrypted
    var state = LinkSecurityState()

    init(handle: ConnectionHandle, role: Role, peer: SMPAddress, local: SMPAddress) {
        self.handle = handle
        self.role = role
        self.peer = peer
        self.local = local
    }
}
