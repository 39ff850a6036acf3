import HCI

/// Procedures on an established link: parameters, data length, PHY, remote information and RSSI.
extension Air {
    /// Bluetooth Core Specification Vol 4, Part E, 7.5.4.
    func readRSSI(
        _ command: ReadRSSICommand, _ c: ControllerState
    ) throws(ControllerError)
        -> ReadRSSICommand.ReturnParameters
    {
        let link = try link(command.handle, of: c)
        guard let peer = controllers[link.controller(link.side(of: c.id).opposite)] else {
            throw .unknownConnectionIdentifier
        }
        return .init(handle: command.handle, rssi: rssi(from: peer, to: c))
    }

    /// The controller's transmit power, now and at most: the one level it transmits at on every link.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.3.35.
    func readTransmitPowerLevel(
        _ command: ReadTransmitPowerLevelCommand, _ c: ControllerState
    ) throws(ControllerError) -> ReadTransmitPowerLevelCommand.ReturnParameters {
        _ = try link(command.handle, of: c)
        return .init(handle: command.handle, level: c.configuration.txPower)
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.1.23.
    func readRemoteVersion(
        _ command: ReadRemoteVersionInformationCommand, _ c: ControllerState
    )
        throws(ControllerError)
    {
        let link = try link(command.handle, of: c)
        guard let peer = controllers[link.controller(link.side(of: c.id).opposite)] else {
            throw .unknownConnectionIdentifier
        }
        let version = peer.configuration.version
        emit(
            ReadRemoteVersionInformationCompleteEvent(
                status: .success, handle: command.handle, version: version.lmpVersion,
                companyIdentifier: version.companyIdentifier, subversion: version.lmpSubversion),
            to: c)
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.21.
    func readRemoteFeatures(_ command: LEReadRemoteFeaturesCommand, _ c: ControllerState) throws(ControllerError) {
        let link = try link(command.handle, of: c)
        guard let peer = controllers[link.controller(link.side(of: c.id).opposite)] else {
            throw .unknownConnectionIdentifier
        }
        emit(
            LEReadRemoteFeaturesCompleteEvent(
                status: .success, handle: command.handle, leFeatures: peer.configuration.leFeatures),
            to: c)
    }

    /// Either side may ask; the link layer runs the connection parameters request procedure.
    ///
    /// The other side's host gets LE Remote Connection Parameter Request when it unmasked that event, and
    /// answers with a reply or negative reply; a host that masked it has its controller accept the request.
    /// The initiating host always hears LE Connection Update Complete; the other host when something changed.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.18 and 7.7.65.6; Vol 6, Part B, 5.1.7.
    func connectionUpdate(_ command: LEConnectionUpdateCommand, _ c: ControllerState) throws(ControllerError) {
        let link = try link(command.handle, of: c)
        _ = try ConnectionParameters.validated(
            intervalMin: command.connectionIntervalMin, intervalMax: command.connectionIntervalMax,
            latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout)
        guard link.parameterRequest == nil else { throw .commandDisallowed }
        let side = link.side(of: c.id)
        let request = Link.ParameterRequest(
            initiator: side, intervalMin: command.connectionIntervalMin, intervalMax: command.connectionIntervalMax,
            latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout)
        guard let responder = controllers[link.controller(side.opposite)] else { throw .unknownConnectionIdentifier }
        if responder.masks.allows(LERemoteConnectionParameterRequestEvent.subeventCode) {
            link.parameterRequest = request
            emit(
                LERemoteConnectionParameterRequestEvent(
                    handle: link.handle(side.opposite), intervalMin: request.intervalMin,
                    intervalMax: request.intervalMax, maxLatency: request.latency, timeout: request.supervisionTimeout),
                to: responder)
        } else {
            finishParameterUpdate(
                link, initiator: side,
                ConnectionParameters(
                    interval: request.intervalMin, latency: request.latency,
                    supervisionTimeout: request.supervisionTimeout))
        }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.31.
    func parameterRequestReply(
        _ command: LERemoteConnectionParameterRequestReplyCommand, _ c: ControllerState
    )
        throws(ControllerError) -> LERemoteConnectionParameterRequestReplyCommand.ReturnParameters
    {
        let link = try link(command.handle, of: c)
        guard let request = link.parameterRequest, request.initiator != link.side(of: c.id) else {
            throw .commandDisallowed
        }
        let parameters = try ConnectionParameters.validated(
            intervalMin: command.intervalMin, intervalMax: command.intervalMax, latency: command.maxLatency,
            supervisionTimeout: command.timeout)
        link.parameterRequest = nil
        finishParameterUpdate(link, initiator: request.initiator, parameters)
        return .init(handle: command.handle)
    }

    /// The initiating host hears LE Connection Update Complete carrying the reason as its status.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.32.
    func parameterRequestNegativeReply(
        _ command: LERemoteConnectionParameterRequestNegativeReplyCommand, _ c: ControllerState
    ) throws(ControllerError) -> LERemoteConnectionParameterRequestNegativeReplyCommand.ReturnParameters {
        let link = try link(command.handle, of: c)
        guard let request = link.parameterRequest, request.initiator != link.side(of: c.id) else {
            throw .commandDisallowed
        }
        link.parameterRequest = nil
        if let initiator = controllers[link.controller(request.initiator)] {
            let current = link.parameters
            emit(
                LEConnectionUpdateCompleteEvent(
                    status: command.reason.isSuccess ? .unspecifiedError : command.reason,
                    handle: link.handle(request.initiator), connectionInterval: current.interval,
                    peripheralLatency: current.latency, supervisionTimeout: current.supervisionTimeout),
                to: initiator)
        }
        return .init(handle: command.handle)
    }

    /// New parameters take effect at once on an instant air, at their instant on a timed one.
    private func finishParameterUpdate(_ link: Link, initiator: LinkSide, _ parameters: ConnectionParameters) {
        let notify = parameters != link.parameters ? [initiator, initiator.opposite] : [initiator]
        if link.layer != nil {
            link.layer?.schedule(.parameters(parameters, notify: notify))
            return
        }
        link.parameters = parameters
        announceParameters(on: link, to: notify)
    }

    /// Tells hosts the link's parameters with LE Connection Update Complete.
    func announceParameters(on link: Link, to sides: [LinkSide]) {
        let parameters = link.parameters
        for side in sides where !link.departed.contains(side) {
            guard let c = controllers[link.controller(side)] else { continue }
            emit(
                LEConnectionUpdateCompleteEvent(
                    status: .success, handle: link.handle(side), connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout),
                to: c)
        }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.33 and 7.7.65.7.
    func setDataLength(
        _ command: LESetDataLengthCommand, _ c: ControllerState
    ) throws(ControllerError)
        -> LESetDataLengthCommand.ReturnParameters
    {
        let link = try link(command.handle, of: c)
        guard DataLength.octets.contains(command.txOctets), DataLength.time.contains(command.txTime) else {
            throw .invalidCommandParameters
        }
        changeDataLength(link, side: link.side(of: c.id), octets: command.txOctets, time: command.txTime)
        return .init(handle: command.handle)
    }

    /// New connections start at 27 octets; a controller whose host suggested more updates at once.
    func applySuggestedDataLength(_ link: Link, central: ControllerState, peripheral: ControllerState) {
        changeDataLength(
            link, side: .central, octets: central.defaults.suggestedMaxTxOctets,
            time: central.defaults.suggestedMaxTxTime)
        changeDataLength(
            link, side: .peripheral, octets: peripheral.defaults.suggestedMaxTxOctets,
            time: peripheral.defaults.suggestedMaxTxTime)
    }

    /// Sets what one side sends per data PDU (capped at 251 octets and 2120 µs): at once on an instant air; on a
    /// timed one after the LL_LENGTH_REQ and LL_LENGTH_RSP exchange, which goes in the next connection event
    /// when the central asks and takes one more when the peripheral does, the new length applying from the
    /// event after it.
    ///
    /// A link whose either end lacks the data length extension (a 4.0 or 4.1 controller) keeps 27 octets: the
    /// LL_LENGTH_REQ gets LL_UNKNOWN_RSP, and neither host hears LE Data Length Change.
    ///
    /// Bluetooth Core Specification Vol 6, Part B, 5.1.9.
    private func changeDataLength(_ link: Link, side: LinkSide, octets: UInt16, time: UInt16) {
        guard bothEnds(of: link, support: .dataPacketLengthExtension) else { return }
        let allowedByTime = min(time, DataLength.maximumTime) / 8 - 14
        let newOctets = max(DataLength.initialOctets, min(octets, DataLength.maximumOctets, allowedByTime))
        let newTime = DataLength.time(forOctets: newOctets)
        guard newOctets != link.maxTxOctets[side] || newTime != link.maxTxTime[side] else { return }
        guard link.layer == nil else {
            link.layer?.schedule(.dataLength(side, octets: newOctets, time: newTime), after: side == .central ? 1 : 2)
            return
        }
        applyDataLength(link, side: side, octets: newOctets, time: newTime)
    }

    /// Makes a side's data length the one agreed and tells both hosts with LE Data Length Change if it changed.
    func applyDataLength(_ link: Link, side: LinkSide, octets: UInt16, time: UInt16) {
        guard octets != link.maxTxOctets[side] || time != link.maxTxTime[side] else { return }
        link.maxTxOctets[side] = octets
        link.maxTxTime[side] = time
        for end in [LinkSide.central, .peripheral] where !link.departed.contains(end) {
            guard let c = controllers[link.controller(end)] else { continue }
            emit(
                LEDataLengthChangeEvent(
                    handle: link.handle(end), maxTxOctets: link.maxTxOctets[end], maxTxTime: link.maxTxTime[end],
                    maxRxOctets: link.maxTxOctets[end.opposite], maxRxTime: link.maxTxTime[end.opposite]),
                to: c)
        }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.47.
    func readPHY(
        _ command: LEReadPHYCommand, _ c: ControllerState
    ) throws(ControllerError)
        -> LEReadPHYCommand.ReturnParameters
    {
        let link = try link(command.handle, of: c)
        let side = link.side(of: c.id)
        return .init(
            handle: command.handle, txPHY: link.txPHY[side], rxPHY: link.txPHY[side.opposite])
    }

    /// Each direction moves to the fastest PHY both ends prefer (2M, then 1M, then Coded); LE Coded only on a
    /// timed air, with S=2 when the options ask for it and S=8 otherwise. The change is at once on an instant
    /// air, at its instant on a timed one.
    ///
    /// The initiating host always hears LE PHY Update Complete, the peer's host when a PHY changed. A peer with
    /// neither LE 2M nor LE Coded (a 4.x controller) answers LL_PHY_REQ with LL_UNKNOWN_RSP, and the initiating
    /// host hears Unsupported Remote Feature (0x1A).
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.49 and 7.7.65.12; Vol 6, Part B, 5.1.10.
    func setPHY(_ command: LESetPHYCommand, _ c: ControllerState) throws(ControllerError) {
        let link = try link(command.handle, of: c)
        guard command.allPHYs & ~0x03 == 0 else { throw .invalidCommandParameters }
        let supported: PHYMask = timing == .timed ? [.le1M, .le2M, .leCoded] : [.le1M, .le2M]
        let txPreference = command.allPHYs & 0x01 != 0 ? supported : command.txPHYs.intersection(supported)
        let rxPreference = command.allPHYs & 0x02 != 0 ? supported : command.rxPHYs.intersection(supported)
        guard !txPreference.isEmpty, !rxPreference.isEmpty else { throw .unsupportedFeatureOrParameterValue }
        let side = link.side(of: c.id)
        guard let peer = controllers[link.controller(side.opposite)] else { throw .unknownConnectionIdentifier }
        guard !peer.configuration.leFeatures.isDisjoint(with: [.le2MPHY, .leCodedPHY]) else {
            emit(
                LEPHYUpdateCompleteEvent(
                    status: .unsupportedRemoteFeature, handle: command.handle, txPHY: link.txPHY[side],
                    rxPHY: link.txPHY[side.opposite]),
                to: c)
            return
        }
        let peerDefaults = peer.defaults
        let peerTx = peerDefaults.allPHYs & 0x01 != 0 ? supported : peerDefaults.txPHYs.intersection(supported)
        let peerRx = peerDefaults.allPHYs & 0x02 != 0 ? supported : peerDefaults.rxPHYs.intersection(supported)
        var chosen = link.txPHY
        if let phy = Self.fastest(txPreference.intersection(peerRx)) { chosen[side] = phy }
        if let phy = Self.fastest(peerTx.intersection(rxPreference)) { chosen[side.opposite] = phy }
        let notify = chosen != link.txPHY ? [side, side.opposite] : [side]
        if link.layer != nil {
            let coding: RadioPHY = command.phyOptions == 0x01 ? .codedS2 : .codedS8
            let radio = { (phy: PHY) -> RadioPHY in
                switch phy {
                case .le2M: .le2M
                case .leCoded: coding
                default: .le1M
                }
            }
            link.layer?.schedule(
                .phy(central: radio(chosen[.central]), peripheral: radio(chosen[.peripheral]), notify: notify))
            return
        }
        link.txPHY = chosen
        announcePHY(on: link, to: notify)
    }

    /// Tells hosts the link's PHYs with LE PHY Update Complete.
    func announcePHY(on link: Link, to sides: [LinkSide]) {
        for side in sides where !link.departed.contains(side) {
            guard let host = controllers[link.controller(side)] else { continue }
            emit(
                LEPHYUpdateCompleteEvent(
                    status: .success, handle: link.handle(side), txPHY: link.txPHY[side],
                    rxPHY: link.txPHY[side.opposite]),
                to: host)
        }
    }

    /// Whether both ends of a link report `feature`; a link-layer procedure the peer lacks gets LL_UNKNOWN_RSP.
    func bothEnds(of link: Link, support feature: LEFeatures) -> Bool {
        [LinkSide.central, .peripheral].allSatisfy { side in
            controllers[link.controller(side)]?.configuration.leFeatures.contains(feature) ?? true
        }
    }

    private static func fastest(_ phys: PHYMask) -> PHY? {
        if phys.contains(.le2M) { return .le2M }
        if phys.contains(.le1M) { return .le1M }
        if phys.contains(.leCoded) { return .leCoded }
        return nil
    }
}
