import HCI
import Logging

/// The host's Security Manager: the bonds, the pairing agent, and the pairing and encryption state of every
/// link, driving a ``PairingSession`` per pairing.
///
/// Owned by its ``BluetoothHost``, which makes every call on it on its executor, hands it the SMP channel and
/// the controller's encryption events, and installs the handlers through which it reaches the controller, the
/// GATT server and the layer above.
///
/// Bluetooth Core Specification Vol 3, Part H.
final class SecurityManager {
    /// Queues one B-frame for the controller on a link.
    var transmit: (ConnectionHandle, BasicFrame) -> Void = { _, _ in }
    /// Tells the layer above that a link's protection changed or a pairing ended.
    var emit: (HostEvent) -> Void = { _ in }
    /// The link as the pairing agent is shown it.
    var hostLink: (ConnectionHandle) -> HostLink? = { _ in nil }
    /// Records the identity address the peer distributed in pairing.
    var identified: (ConnectionHandle, IdentityAddress) -> Void = { _, _ in }
    /// Sends LE Enable Encryption; a failure must come back as ``encryptionChanged(_:status:enabled:keySize:)``.
    var enableEncryption: (LEEnableEncryptionCommand) -> Void = { _ in }
    /// Answers the controller's long-term key request on a link with the key, or refuses it when nil.
    var replyLongTermKey: (ConnectionHandle, UInt128?) -> Void = { _, _ in }
    /// The configuration of a link's client as the GATT server holds it, to keep in its bond.
    var clientConfiguration: (ConnectionHandle) -> BondedClientConfiguration? = { _ in nil }
    /// Tells the GATT server a link's new protection, with a bonded client's configuration to give back.
    var secured: (ConnectionHandle, LinkSecurity, BondedClientConfiguration?) -> Void = { _, _, _ in }

    /// The bonds, in memory and in the bond file.
    var bonds: HostBonds
    /// Who answers the user-facing steps of pairing; nil pairs with Just Works only.
    var agent: (any PairingAgent)?
    /// The IRK and identity address to distribute in pairing, when privacy is on.
    var localIdentity: LocalIdentity?
    var links: [ConnectionHandle: SecurityLink] = [:]
    let pairing: PairingConfiguration
    let clock: any Clock<Duration>
    /// How long a pairing may wait for the peer's next PDU (30 s in the specification).
    let timeout: Duration
    let logger: Logger

    /// Makes the Security Manager of a host pairing as `pairing` says, with `bonds`.
    init(
        bonds: HostBonds, pairing: PairingConfiguration, clock: any Clock<Duration>, timeout: Duration, logger: Logger
    ) {
        self.bonds = bonds
        self.pairing = pairing
        self.clock = clock
        self.timeout = timeout
        self.logger = logger
    }

    /// Starts following a new link, on which this side uses `local`.
    func linkUp(_ link: HostLink, local: SMPAddress) {
        links[link.handle] = SecurityLink(
            handle: link.handle, role: link.role,
            peer: SMPAddress(type: link.peerAddressType, address: link.peerAddress),
            local: local)
    }

    /// Ends a link that went down: stops its timer, fails its waiting callers, and keeps a bonded client's
    /// configuration for its next connection.
    func linkDown(_ handle: ConnectionHandle, reason: HCIStatus) {
        guard let link = links.removeValue(forKey: handle) else { return }
        link.state.timer?.cancel()
        link.state.timer = nil
        resumeWaiters(of: link, with: .failure(.disconnected(handle, reason: reason)))
        guard let address = link.state.bondAddress, var bond = bonds.resolve(address),
            let configuration = clientConfiguration(handle), bond.clientConfiguration != configuration
        else { return }
        bond.clientConfiguration = configuration
        do {
            try bonds.save(bond)
        } catch {
            logger.error("client configuration of bonded \(bond.peerAddress) not stored: \(error)")
        }
    }

    /// How well the link on `handle` is protected now; unencrypted when there is no such link.
    func security(of handle: ConnectionHandle) -> LinkSecurity {
        links[handle]?.security ?? .unencrypted
    }

    /// Whether a pairing this host takes part in can be authenticated: it has a pairing agent and an IO
    /// capability other than NoInputNoOutput (the peer's own capability decides the rest).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1.
    var canAuthenticate: Bool {
        agent != nil && pairing.ioCapability != .noInputNoOutput
    }

    func link(_ handle: ConnectionHandle) throws(HostError) -> SecurityLink {
        guard let link = links[handle] else { throw .notConnected(handle) }
        return link
    }

    /// The pairing configuration with this host's identity to distribute, when privacy is on.
    var sessionConfiguration: PairingConfiguration {
        guard let identity = localIdentity, pairing.identity == nil else { return pairing }
        var updated = pairing
        updated.identity = identity
        if updated.bondable { updated.keysToDistribute.insert(.idKey) }
        return updated
    }
}
