import HCI

/// Creating and ending connections: LE (Extended) Create Connection, its cancel, and Disconnect.
extension Air {
    /// Connects a waiting initiator to an advertising set when addresses, filters and limits allow.
    func connectIfMatching(initiator c: ControllerState, advertiser p: ControllerState, key: AdvertisingSetKey) -> Bool
    {
        guard let initiator = c.initiator, let set = p.advertisingSets[key], set.enabled, set.isConnectable,
            let advertiserAddress = p.advertiserAddress(key), let identity = c.ownAddress(initiator.ownAddressType),
            inRange(p, c)
        else { return false }
        if initiator.family == .legacy, !set.isLegacy { return false }
        let advertiserIdentity = c.resolve(advertiserAddress).identity
        if initiator.filterPolicy == 0 {
            guard initiator.peer.matches(advertiserIdentity) else { return false }
        } else {
            guard c.accepts(advertiserIdentity) else { return false }
        }
        if set.isDirected, !set.peer.matches(identity) { return false }
        var ownAddress = identity
        if initiator.ownAddressType.rawValue >= 0x02, let irk = c.localIRK(toward: advertiserIdentity),
            let address = ResolvablePrivateAddress.make(irk: irk, using: &noise)
        {
            ownAddress = DeviceAddress(type: .random, address: address)
        }
        if set.filterPolicy >= 2, !p.accepts(p.resolve(ownAddress).identity) { return false }
        guard c.connectionCount < c.configuration.maximumConnections,
            p.connectionCount < p.configuration.maximumConnections
        else { return false }
        establish(
            central: c, initiator: initiator, centralAddress: ownAddress, peripheral: p, key: key,
            peripheralAddress: advertiserAddress)
        return true
    }

    private func establish(
        central c: ControllerState, initiator: Initiator, centralAddress: DeviceAddress, peripheral p: ControllerState,
        key: AdvertisingSetKey, peripheralAddress: DeviceAddress
    ) {
        let link = Link(
            id: makeLinkID(), central: c, peripheral: p, centralHandle: c.allocateHandle(),
            peripheralHandle: p.allocateHandle(), centralAddress: centralAddress, peripheralAddress: peripheralAddress,
            parameters: initiator.parameters)
        links[link.id] = link
        c.handles[link.centralHandle] = link
        p.handles[link.peripheralHandle] = link
        c.initiator = nil
        let eventsSent = p.advertisingSets[key]?.eventsSent ?? 0
        p.stopAdvertising(key)
        emit(c.connectionCompleteEvent(link, side: .central, advertisingHandle: 0xFF), to: c)
        var advertisingHandle: UInt8 = 0xFF
        if case .extended(let handle) = key { advertisingHandle = handle }
        emit(p.connectionCompleteEvent(link, side: .peripheral, advertisingHandle: advertisingHandle), to: p)
        if case .extended(let handle) = key {
            emit(
                LEAdvertisingSetTerminatedEvent(
                    status: .success, advertisingHandle: handle, handle: link.peripheralHandle,
                    numCompletedExtendedAdvertisingEvents: UInt8(clamping: eventsSent + 1)),
                to: p)
        }
        startConnectionEvents(link)
        link.applySuggestedDataLength()
        carryOut(link.takeRequested(), on: link)
    }

    /// The reasons a host may give in Disconnect.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.1.6.
    static let disconnectReasons: Set<HCIStatus> = [
        .authenticationFailure, .remoteUserTerminatedConnection, .remoteDeviceTerminatedLowResources,
        .remoteDeviceTerminatedPowerOff, .unsupportedRemoteFeature, HCIStatus(rawValue: 0x29),
        .unacceptableConnectionParameters,
    ]

    /// The local host hears Connection Terminated By Local Host (0x16), the peer's host the reason given.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.1.6.
    func disconnect(_ command: DisconnectCommand, _ c: ControllerState) throws(ControllerError) {
        let link = try link(command.handle, of: c)
        guard Self.disconnectReasons.contains(command.reason) else { throw .invalidCommandParameters }
        let side = link.side(of: c.id)
        endLink(link, notify: [side: .connectionTerminatedByLocalHost, side.opposite: command.reason])
    }

    /// Ends a link: both controllers forget it, ACL still in flight is discarded, and the sides named in
    /// `notify` hear Disconnection Complete with their reason.
    func endLink(_ link: Link, notify: [LinkSide: HCIStatus]) {
        links[link.id] = nil
        for side in [LinkSide.central, .peripheral] where !link.departed.contains(side) {
            guard let c = controllers[link.controller(side)] else { continue }
            c.handles[link.handle(side)] = nil
            c.unreported.drop(link.handle(side))
            c.heldACL.removeAll { held in
                guard held.link === link else { return false }
                link.state(held.sender).aclPacketsInFlight -= 1
                return true
            }
            if let reason = notify[side] {
                emit(DisconnectionCompleteEvent(status: .success, handle: link.handle(side), reason: reason), to: c)
            }
        }
    }
}
