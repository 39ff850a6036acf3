import HCI

extension BluetoothHost {
    /// The IRK and identity address this host distributes in pairing, when privacy is on.
    public var localIdentity: LocalIdentity? { privacy.identity }

    /// The resolvable private address the controller advertises from now, when privacy is on.
    public var privateAddress: BluetoothAddress? { privacy.address }

    /// The identity address of the device using `address`: the bonded peer whose identity it is or whose IRK
    /// resolves it; nil for a device without a bond.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.8.2.3.
    public func resolveIdentity(_ address: BluetoothAddress) -> IdentityAddress? {
        securityManager.bonds.resolve(address)?.peerAddress
    }

    /// Makes a fresh resolvable private address and gives it to the controller, stopping and restarting
    /// advertising around the change; restarts the rotation timer. If the controller is scanning or initiating,
    /// the change waits for the next advertising start.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.7.1.2 and Vol 4, Part E, 7.8.4.
    public func rotatePrivateAddress() async throws(HostError) {
        try await privacy.rotate()
    }

    /// Turns privacy on when the configuration asks for it, and gives the Security Manager the identity to
    /// distribute in pairing.
    func startPrivacy() async throws(HostError) {
        try await privacy.start()
        securityManager.localIdentity = privacy.identity
    }

    /// Notes a new link: the peer's identity when a bond resolves its address, and the address this side used.
    func privacyLinkUp(_ connection: HostConnection) {
        connection.link.identityAddress = securityManager.bonds.resolve(connection.link.peerAddress)?.peerAddress
        privacy.linkUp(connection.link)
    }
}
