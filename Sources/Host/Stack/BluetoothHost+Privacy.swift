import HCI

extension BluetoothHost {
    /// The IRK and identity address this host distributes in pairing, when privacy is on.
    public var localIdentity: LocalIdentity? { privacy?.identity }

    /// The resolvable private address the controller advertises from now, when privacy is on.
    public var privateAddress: BluetoothAddress? { privacy?.address }

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
        guard let identity = privacy?.identity else { return }
        var generator = SystemRandomNumberGenerator()
        let address = BluetoothAddress.makeResolvablePrivate(
            identityResolvingKey: identity.identityResolvingKey, using: &generator)
        let advertising = privacy?.advertising
        do {
            if advertising != nil { try await gap.stopAdvertising() }
            do {
                _ = try await controller.execute(LESetRandomAddressCommand(randomAddress: address))
                privacy?.address = address
                privacy?.rotationDue = false
            } catch .commandFailed(_, .commandDisallowed) {
                privacy?.rotationDue = true
            }
            if let advertising {
                try await startAdvertisingFromPrivateAddress(advertising.content, advertising.connectable)
            }
        } catch {
            throw .controller(error)
        }
        armRotationTimer()
    }

    /// Turns privacy on when the configuration asks for it: takes the configured IRK or the one kept beside the
    /// bond file, and sets a first resolvable private address.
    func startPrivacy() async throws(HostError) {
        guard let settings = configuration.privacy else { return }
        var irk = settings.identityResolvingKey
        if irk == nil, let directory = configuration.bondDirectory {
            var generator = SystemRandomNumberGenerator()
            do {
                let loaded = try LocalIRKFile.loadOrCreate(
                    adapter: controllerInfo.ownAddress.description, directory: directory, using: &generator)
                if let damage = loaded.damage { logger.error("local IRK replaced: \(damage)") }
                irk = loaded.key
            } catch {
                throw .bondStore(error)
            }
        }
        var generator = SystemRandomNumberGenerator()
        let identity = LocalIdentity(
            identityResolvingKey: irk
                ?? (UInt128(generator.next() as UInt64) << 64 | UInt128(generator.next() as UInt64)),
            address: IdentityAddress(
                type: controllerInfo.ownAddressType.isRandom ? .random : .public, address: controllerInfo.ownAddress))
        privacy = HostPrivacy(identity: identity)
        securityManager.localIdentity = identity
        try await rotatePrivateAddress()
    }

    /// The own address type to advertise with: random (the resolvable private address) under privacy, after a
    /// rotation that was due; else the one the controller set up.
    func advertisingOwnAddressType() async throws(HostError) -> AddressType {
        guard privacy != nil else { return controllerInfo.ownAddressType }
        if privacy?.rotationDue == true { try await rotatePrivateAddress() }
        return .random
    }

    /// Records the advertising under way, to restart it when the address rotates.
    func advertisingChanged(_ advertising: (content: AdvertisementContent, connectable: Bool)?) {
        privacy?.advertising = advertising
    }

    /// Notes a new link: the peer's identity when a bond resolves its address, and the address this side used.
    func privacyLinkUp(_ connection: HostConnection) {
        connection.link.identityAddress = securityManager.bonds.resolve(connection.link.peerAddress)?.peerAddress
        guard privacy != nil else { return }
        let handle = connection.link.handle
        if connection.link.role != .central { privacy?.advertising = nil }
        let usesPrivateAddress = connection.link.role != .central || controllerInfo.ownAddressType.isRandom
        let address = usesPrivateAddress ? privacy?.address : nil
        privacy?.linkAddresses[handle] = address
    }

    /// The address this side uses on a link, as pairing computes with it.
    func localPairingAddress(of handle: ConnectionHandle) -> SMPAddress {
        if let address = privacy?.linkAddresses[handle] {
            return SMPAddress(type: .random, address: address)
        }
        return SMPAddress(type: controllerInfo.ownAddressType, address: controllerInfo.ownAddress)
    }

    /// Stops the rotation timer.
    func stopPrivacy() {
        privacy?.timer?.cancel()
        privacy?.timer = nil
    }

    private func armRotationTimer() {
        privacy?.timer?.cancel()
        guard let interval = configuration.privacy?.rotationInterval, !stopped else { return }
        privacy?.timer = Task { [clock = configuration.clock] in
            do { try await clock.sleep(for: interval) } catch { return }
            await self.rotationTimerFired()
        }
    }

    private func rotationTimerFired() async {
        privacy?.timer = nil
        do {
            try await rotatePrivateAddress()
        } catch {
            logger.warning("resolvable private address not rotated: \(error)")
        }
    }

    private func startAdvertisingFromPrivateAddress(
        _ content: AdvertisementContent, _ connectable: Bool
    ) async throws(HCIError) {
        let layout: AdvertisingLayout
        do {
            layout = try AdvertisingLayout.legacy(content)
        } catch {
            return
        }
        try await gap.startAdvertising(
            type: connectable ? .connectableUndirected : .scannableUndirected, ownAddressType: .random,
            data: layout.advertisingData.encoded, scanResponse: layout.scanResponse.encoded)
    }
}
