import HCI

/// Creating and ending connections: LE (Extended) Create Connection, its cancel, and Disconnect.
extension Air {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.12.
    func createConnection(_ command: LECreateConnectionCommand, _ c: ControllerState) throws(ControllerError) {
        try claim(.legacy, by: c)
        guard (0x0004...0x4000).contains(command.scanInterval), (0x0004...0x4000).contains(command.scanWindow),
            command.scanWindow <= command.scanInterval
        else { throw .invalidCommandParameters }
        let parameters = try ConnectionParameters.validated(
            intervalMin: command.connectionIntervalMin, intervalMax: command.connectionIntervalMax,
            latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout)
        try beginInitiating(
            Initiator(
                family: .legacy, filterPolicy: command.initiatorFilterPolicy,
                peer: DeviceAddress(type: command.peerAddressType, address: command.peerAddress),
                ownAddressType: command.ownAddressType, parameters: parameters),
            c)
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.66.
    func extendedCreateConnection(
        _ command: LEExtendedCreateConnectionCommand, _ c: ControllerState
    )
        throws(ControllerError)
    {
        try claim(.extended, by: c)
        let known: PHYMask = [.le1M, .le2M, .leCoded]
        guard !command.initiatingPHYs.isEmpty, command.initiatingPHYs.isSubset(of: known) else {
            throw .invalidCommandParameters
        }
        guard command.initiatingPHYs.contains(.le1M), let first = command.phys.first else {
            throw .unsupportedFeatureOrParameterValue
        }
        guard first.scanWindow <= first.scanInterval, first.scanInterval >= 0x0004 else {
            throw .invalidCommandParameters
        }
        let parameters = try ConnectionParameters.validated(
            intervalMin: first.connectionIntervalMin, intervalMax: first.connectionIntervalMax,
            latency: first.maxLatency, supervisionTimeout: first.supervisionTimeout)
        try beginInitiating(
            Initiator(
                family: .extended, filterPolicy: command.initiatorFilterPolicy,
                peer: DeviceAddress(type: command.peerAddressType, address: command.peerAddress),
                ownAddressType: command.ownAddressType, parameters: parameters),
            c)
    }

    /// Starts initiating; the connection forms at once if a matching advertiser is on the air, else when one appears.
    private func beginInitiating(_ initiator: Initiator, _ c: ControllerState) throws(ControllerError) {
        guard c.initiator == nil else { throw .commandDisallowed }
        guard initiator.filterPolicy <= 0x01, initiator.peer.type.rawValue <= 0x03,
            initiator.ownAddressType.rawValue <= 0x03
        else { throw .invalidCommandParameters }
        try checkOwnAddressType(initiator.ownAddressType, c)
        guard c.ownAddress(initiator.ownAddressType) != nil else { throw .invalidCommandParameters }
        guard c.connectionCount < c.configuration.maximumConnections else { throw .connectionLimitExceeded }
        if initiator.filterPolicy == 0, peers(of: c).contains(where: { $0.matches(initiator.peer) }) {
            throw .connectionAlreadyExists
        }
        c.initiator = initiator
        for id in order where id != c.id {
            guard let advertiser = controllers[id], advertiser.isAdvertising else { continue }
            for key in advertiser.advertisingSets.keys.sorted() where advertiser.advertisingSets[key]?.enabled == true {
                if connectIfMatching(initiator: c, advertiser: advertiser, key: key) { return }
            }
        }
    }

    /// The identities of the devices a controller is connected to.
    func peers(of c: ControllerState) -> [DeviceAddress] {
        c.handles.elements.map { _, link in
            c.resolve(link.side(of: c.id) == .central ? link.peripheralAddress : link.centralAddress).identity
        }
    }

    /// Cancelling answers Command Complete, then a connection complete event with Unknown Connection Identifier.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.13.
    func createConnectionCancel(_ c: ControllerState) throws(ControllerError) -> EmptyReturnParameters {
        guard c.initiator != nil else { throw .commandDisallowed }
        c.initiator = nil
        emitConnectionFailure(.unknownConnectionIdentifier, role: .central, to: c)
        return EmptyReturnParameters()
    }

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
        stopAdvertising(key, on: p)
        emitConnectionComplete(link, side: .central, to: c, advertisingHandle: 0xFF)
        var advertisingHandle: UInt8 = 0xFF
        if case .extended(let handle) = key { advertisingHandle = handle }
        emitConnectionComplete(link, side: .peripheral, to: p, advertisingHandle: advertisingHandle)
        if case .extended(let handle) = key {
            emit(
                LEAdvertisingSetTerminatedEvent(
                    status: .success, advertisingHandle: handle, handle: link.peripheralHandle,
                    numCompletedExtendedAdvertisingEvents: UInt8(clamping: eventsSent + 1)),
                to: p)
        }
        startConnectionEvents(link)
        applySuggestedDataLength(link, central: c, peripheral: p)
    }

    /// Tells a host about a new connection with the newest connection complete event it unmasked.
    ///
    /// The enhanced events give a resolved peer as its identity (type 0x02 or 0x03) with the resolvable
    /// private addresses both sides used; LE Connection Complete gives the identity as public or random.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65.1, 7.7.65.10 and 7.7.65.10 (v2).
    func emitConnectionComplete(_ link: Link, side: LinkSide, to c: ControllerState, advertisingHandle: UInt8) {
        let resolved = c.resolve(side == .central ? link.peripheralAddress : link.centralAddress)
        let peer = resolved.identity
        let peerRPA = resolved.resolvablePrivateAddress ?? .zero
        let own = side == .central ? link.centralAddress : link.peripheralAddress
        let localRPA = own.type.isRandom && own.address.isResolvablePrivate ? own.address : .zero
        let clockAccuracy: UInt8 = side == .central ? 0x00 : 0x05
        let parameters = link.parameters
        let handle = link.handle(side)
        if c.masks.allows(LEEnhancedConnectionCompleteV2Event.subeventCode) {
            emit(
                LEEnhancedConnectionCompleteV2Event(
                    status: .success, handle: handle, role: side.role, peerAddressType: peer.type,
                    peerAddress: peer.address, localResolvablePrivateAddress: localRPA,
                    peerResolvablePrivateAddress: peerRPA, connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout,
                    centralClockAccuracy: clockAccuracy, advertisingHandle: advertisingHandle, syncHandle: 0xFFFF),
                to: c)
        } else if c.masks.allows(LEEnhancedConnectionCompleteEvent.subeventCode) {
            emit(
                LEEnhancedConnectionCompleteEvent(
                    status: .success, handle: handle, role: side.role, peerAddressType: peer.type,
                    peerAddress: peer.address, localResolvablePrivateAddress: localRPA,
                    peerResolvablePrivateAddress: peerRPA, connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout,
                    centralClockAccuracy: clockAccuracy),
                to: c)
        } else {
            emit(
                LEConnectionCompleteEvent(
                    status: .success, handle: handle, role: side.role, peerAddressType: peer.normalized.type,
                    peerAddress: peer.address, connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout,
                    centralClockAccuracy: clockAccuracy),
                to: c)
        }
    }

    /// Tells a host that no connection formed (cancelled, or directed advertising timed out).
    func emitConnectionFailure(_ status: HCIStatus, role: Role, to c: ControllerState) {
        let handle = ConnectionHandle(rawValue: 0)
        if c.masks.allows(LEEnhancedConnectionCompleteV2Event.subeventCode) {
            emit(
                LEEnhancedConnectionCompleteV2Event(
                    status: status, handle: handle, role: role, peerAddressType: .public, peerAddress: .zero,
                    localResolvablePrivateAddress: .zero, peerResolvablePrivateAddress: .zero, connectionInterval: 0,
                    peripheralLatency: 0, supervisionTimeout: 0, centralClockAccuracy: 0, advertisingHandle: 0xFF,
                    syncHandle: 0xFFFF),
                to: c)
        } else if c.masks.allows(LEEnhancedConnectionCompleteEvent.subeventCode) {
            emit(
                LEEnhancedConnectionCompleteEvent(
                    status: status, handle: handle, role: role, peerAddressType: .public, peerAddress: .zero,
                    localResolvablePrivateAddress: .zero, peerResolvablePrivateAddress: .zero, connectionInterval: 0,
                    peripheralLatency: 0, supervisionTimeout: 0, centralClockAccuracy: 0),
                to: c)
        } else {
            emit(
                LEConnectionCompleteEvent(
                    status: status, handle: handle, role: role, peerAddressType: .public, peerAddress: .zero,
                    connectionInterval: 0, peripheralLatency: 0, supervisionTimeout: 0, centralClockAccuracy: 0),
                to: c)
        }
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
