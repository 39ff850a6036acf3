import HCI

/// Procedures on an established link: remote information, connection parameters, data length and PHY.
extension Link {
    /// Bluetooth Core Specification Vol 4, Part E, 7.1.23.
    func readRemoteVersion(
        _ command: ReadRemoteVersionInformationCommand, from side: LinkSide
    ) throws(ControllerError) {
        guard let peer = present(side.opposite) else { throw .unknownConnectionIdentifier }
        let version = peer.configuration.version
        tell(
            side,
            ReadRemoteVersionInformationCompleteEvent(
                status: .success, handle: command.handle, version: version.lmpVersion,
                companyIdentifier: version.companyIdentifier, subversion: version.lmpSubversion))
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.21.
    func readRemoteFeatures(_ command: LEReadRemoteFeaturesCommand, from side: LinkSide) throws(ControllerError) {
        guard let peer = present(side.opposite) else { throw .unknownConnectionIdentifier }
        tell(
            side,
            LEReadRemoteFeaturesCompleteEvent(
                status: .success, handle: command.handle, leFeatures: peer.configuration.leFeatures))
    }

    /// Either side may ask; the link layer runs the connection parameters request procedure.
    ///
    /// The other side's host gets LE Remote Connection Parameter Request when it unmasked that event, and
    /// answers with a reply or negative reply; a host that masked it has its controller accept the request.
    /// The initiating host always hears LE Connection Update Complete; the other host when something changed.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.18 and 7.7.65.6; Vol 6, Part B, 5.1.7.
    func connectionUpdate(_ command: LEConnectionUpdateCommand, from side: LinkSide) throws(ControllerError) {
        _ = try ConnectionParameters.validated(
            intervalMin: command.connectionIntervalMin, intervalMax: command.connectionIntervalMax,
            latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout)
        guard parameterRequest == nil else { throw .commandDisallowed }
        let request = ParameterRequest(
            initiator: side, intervalMin: command.connectionIntervalMin, intervalMax: command.connectionIntervalMax,
            latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout)
        guard let responder = present(side.opposite) else { throw .unknownConnectionIdentifier }
        if responder.masks.allows(LERemoteConnectionParameterRequestEvent.subeventCode) {
            parameterRequest = request
            tell(
                side.opposite,
                LERemoteConnectionParameterRequestEvent(
                    handle: handle(side.opposite), intervalMin: request.intervalMin,
                    intervalMax: request.intervalMax, maxLatency: request.latency, timeout: request.supervisionTimeout))
        } else {
            finishParameterUpdate(
                initiator: side,
                ConnectionParameters(
                    interval: request.intervalMin, latency: request.latency,
                    supervisionTimeout: request.supervisionTimeout))
        }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.31.
    func parameterRequestReply(
        _ command: LERemoteConnectionParameterRequestReplyCommand, from side: LinkSide
    ) throws(ControllerError) -> LERemoteConnectionParameterRequestReplyCommand.ReturnParameters {
        guard let request = parameterRequest, request.initiator != side else { throw .commandDisallowed }
        let parameters = try ConnectionParameters.validated(
            intervalMin: command.intervalMin, intervalMax: command.intervalMax, latency: command.maxLatency,
            supervisionTimeout: command.timeout)
        parameterRequest = nil
        finishParameterUpdate(initiator: request.initiator, parameters)
        return .init(handle: command.handle)
    }

    /// The initiating host hears LE Connection Update Complete carrying the reason as its status.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.32.
    func parameterRequestNegativeReply(
        _ command: LERemoteConnectionParameterRequestNegativeReplyCommand, from side: LinkSide
    ) throws(ControllerError) -> LERemoteConnectionParameterRequestNegativeReplyCommand.ReturnParameters {
        guard let request = parameterRequest, request.initiator != side else { throw .commandDisallowed }
        parameterRequest = nil
        let current = parameters
        tell(
            request.initiator,
            LEConnectionUpdateCompleteEvent(
                status: command.reason.isSuccess ? .unspecifiedError : command.reason,
                handle: handle(request.initiator), connectionInterval: current.interval,
                peripheralLatency: current.latency, supervisionTimeout: current.supervisionTimeout))
        return .init(handle: command.handle)
    }

    /// New parameters take effect at once on an instant air, at their instant on a timed one.
    private func finishParameterUpdate(initiator: LinkSide, _ new: ConnectionParameters) {
        let notify = new != parameters ? [initiator, initiator.opposite] : [initiator]
        if layer != nil {
            layer?.schedule(.parameters(new, notify: notify))
            return
        }
        parameters = new
        announceParameters(to: notify)
    }

    /// Tells hosts the link's parameters with LE Connection Update Complete.
    func announceParameters(to sides: [LinkSide]) {
        for side in sides {
            tell(
                side,
                LEConnectionUpdateCompleteEvent(
                    status: .success, handle: handle(side), connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout))
        }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.33 and 7.7.65.7.
    func setDataLength(
        _ command: LESetDataLengthCommand, from side: LinkSide
    ) throws(ControllerError) -> LESetDataLengthCommand.ReturnParameters {
        guard DataLength.octets.contains(command.txOctets), DataLength.time.contains(command.txTime) else {
            throw .invalidCommandParameters
        }
        changeDataLength(side: side, octets: command.txOctets, time: command.txTime)
        return .init(handle: command.handle)
    }

    /// New connections start at 27 octets; a controller whose host suggested more updates at once.
    func applySuggestedDataLength() {
        for side in [LinkSide.central, .peripheral] {
            let defaults = state(side).defaults
            changeDataLength(side: side, octets: defaults.suggestedMaxTxOctets, time: defaults.suggestedMaxTxTime)
        }
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
    private func changeDataLength(side: LinkSide, octets: UInt16, time: UInt16) {
        guard bothEnds(support: .dataPacketLengthExtension) else { return }
        let allowedByTime = min(time, DataLength.maximumTime) / 8 - 14
        let newOctets = max(DataLength.initialOctets, min(octets, DataLength.maximumOctets, allowedByTime))
        let newTime = DataLength.time(forOctets: newOctets)
        guard newOctets != maxTxOctets[side] || newTime != maxTxTime[side] else { return }
        guard layer == nil else {
            layer?.schedule(.dataLength(side, octets: newOctets, time: newTime), after: side == .central ? 1 : 2)
            return
        }
        applyDataLength(side: side, octets: newOctets, time: newTime)
    }

    /// Makes a side's data length the one agreed and tells both hosts with LE Data Length Change if it changed.
    func applyDataLength(side: LinkSide, octets: UInt16, time: UInt16) {
        guard octets != maxTxOctets[side] || time != maxTxTime[side] else { return }
        maxTxOctets[side] = octets
        maxTxTime[side] = time
        for end in [LinkSide.central, .peripheral] {
            tell(
                end,
                LEDataLengthChangeEvent(
                    handle: handle(end), maxTxOctets: maxTxOctets[end], maxTxTime: maxTxTime[end],
                    maxRxOctets: maxTxOctets[end.opposite], maxRxTime: maxTxTime[end.opposite]))
        }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.47.
    func readPHY(_ command: LEReadPHYCommand, from side: LinkSide) -> LEReadPHYCommand.ReturnParameters {
        .init(handle: command.handle, txPHY: txPHY[side], rxPHY: txPHY[side.opposite])
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
    func setPHY(_ command: LESetPHYCommand, from side: LinkSide) throws(ControllerError) {
        guard command.allPHYs & ~0x03 == 0 else { throw .invalidCommandParameters }
        let supported: PHYMask = layer != nil ? [.le1M, .le2M, .leCoded] : [.le1M, .le2M]
        let txPreference = command.allPHYs & 0x01 != 0 ? supported : command.txPHYs.intersection(supported)
        let rxPreference = command.allPHYs & 0x02 != 0 ? supported : command.rxPHYs.intersection(supported)
        guard !txPreference.isEmpty, !rxPreference.isEmpty else { throw .unsupportedFeatureOrParameterValue }
        guard let peer = present(side.opposite) else { throw .unknownConnectionIdentifier }
        guard !peer.configuration.leFeatures.isDisjoint(with: [.le2MPHY, .leCodedPHY]) else {
            tell(
                side,
                LEPHYUpdateCompleteEvent(
                    status: .unsupportedRemoteFeature, handle: command.handle, txPHY: txPHY[side],
                    rxPHY: txPHY[side.opposite]))
            return
        }
        let peerDefaults = peer.defaults
        let peerTx = peerDefaults.allPHYs & 0x01 != 0 ? supported : peerDefaults.txPHYs.intersection(supported)
        let peerRx = peerDefaults.allPHYs & 0x02 != 0 ? supported : peerDefaults.rxPHYs.intersection(supported)
        var chosen = txPHY
        if let phy = Self.fastest(txPreference.intersection(peerRx)) { chosen[side] = phy }
        if let phy = Self.fastest(peerTx.intersection(rxPreference)) { chosen[side.opposite] = phy }
        let notify = chosen != txPHY ? [side, side.opposite] : [side]
        if layer != nil {
            let coding: RadioPHY = command.phyOptions == 0x01 ? .codedS2 : .codedS8
            let radio = { (phy: PHY) -> RadioPHY in
                switch phy {
                case .le2M: .le2M
                case .leCoded: coding
                default: .le1M
                }
            }
            layer?.schedule(
                .phy(central: radio(chosen[.central]), peripheral: radio(chosen[.peripheral]), notify: notify))
            return
        }
        txPHY = chosen
        announcePHY(to: notify)
    }

    /// Tells hosts the link's PHYs with LE PHY Update Complete.
    func announcePHY(to sides: [LinkSide]) {
        for side in sides {
            tell(
                side,
                LEPHYUpdateCompleteEvent(
                    status: .success, handle: handle(side), txPHY: txPHY[side], rxPHY: txPHY[side.opposite]))
        }
    }

    /// Whether both ends of the link report `feature`; a link-layer procedure the peer lacks gets LL_UNKNOWN_RSP.
    private func bothEnds(support feature: LEFeatures) -> Bool {
        [LinkSide.central, .peripheral].allSatisfy { side in
            present(side)?.configuration.leFeatures.contains(feature) ?? true
        }
    }

    private static func fastest(_ phys: PHYMask) -> PHY? {
        if phys.contains(.le2M) { return .le2M }
        if phys.contains(.le1M) { return .le1M }
        if phys.contains(.leCoded) { return .leCoded }
        return nil
    }
}
