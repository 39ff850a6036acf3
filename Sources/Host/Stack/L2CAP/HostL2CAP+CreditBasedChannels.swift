import HCI

/// LE credit-based channels: publishing services, opening, sending, crediting and closing channels, and the
/// signaling commands and K-frames that drive them.
///
/// Bluetooth Core Specification Vol 3, Part A, 10.1.
extension HostL2CAP {
    /// Accepts channels to `spsm` from now on, or to a free dynamic SPSM when nil; returns the SPSM published.
    func publish(spsm: SPSM?, options: ChannelServiceOptions) throws(HostError) -> SPSM {
        if let spsm {
            published[spsm] = options
            return spsm
        }
        for raw in SPSM.dynamicRange.lowerBound.rawValue...SPSM.dynamicRange.upperBound.rawValue
        where published[SPSM(rawValue: raw)] == nil {
            published[SPSM(rawValue: raw)] = options
            return SPSM(rawValue: raw)
        }
        throw .noFreeSPSM
    }

    /// Stops accepting channels to `spsm`; channels already open stay open.
    func unpublish(spsm: SPSM) {
        published[spsm] = nil
    }

    /// Opens a channel to the peer's service `spsm` and returns it once the peer accepts.
    func openChannel(
        spsm: SPSM, on handle: ConnectionHandle, configuration: CreditBasedChannel.Configuration,
        creditsFollowConsumption: Bool, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> L2CAPChannelInfo {
        let link = try link(handle)
        guard let cid = freeChannelID(on: link) else { throw .noFreeChannel(handle) }
        var channel = CreditBasedChannel(localCID: cid, configuration: configuration)
        let actions: [CreditBasedChannelAction]
        do {
            actions = try channel.connect(spsm: spsm)
        } catch {
            throw .channel(handle, error)
        }
        let outcome = await withCheckedContinuation(isolation: isolation) { continuation in
            link.channels[cid] = HostChannel(
                channel: channel, spsm: spsm, opener: continuation, creditsFollowConsumption: creditsFollowConsumption)
            perform(actions, onChannel: cid, of: link, isolation: isolation)
        }
        return try outcome.get()
    }

    /// Sends one SDU on an open channel; it leaves in K-frames as the peer grants credits.
    func send(
        _ sdu: [UInt8], onChannel cid: L2CAPChannelID, of handle: ConnectionHandle,
        isolation: isolated (any Actor)? = #isolation
    ) throws(HostError) {
        let link = try link(handle)
        guard var entry = link.channels[cid] else { throw .noSuchChannel(handle, cid) }
        let actions: [CreditBasedChannelAction]
        do {
            actions = try entry.channel.send(sdu)
        } catch {
            throw .channel(handle, error)
        }
        link.channels[cid] = entry
        perform(actions, onChannel: cid, of: link, isolation: isolation)
    }

    /// Sends one SDU on an open channel once its send queue has room, waiting for the peer's credits to make some.
    func enqueue(
        _ sdu: [UInt8], onChannel cid: L2CAPChannelID, of handle: ConnectionHandle,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) {
        while true {
            let link = try link(handle)
            guard let entry = link.channels[cid] else { throw .noSuchChannel(handle, cid) }
            guard entry.channel.queuedSDUCount >= entry.channel.configuration.maximumQueuedSDUs else { break }
            let room = await withCheckedContinuation(isolation: isolation) { continuation in
                link.channels[cid]?.roomWaiters.append(continuation)
            }
            try room.get()
        }
        try send(sdu, onChannel: cid, of: handle, isolation: isolation)
    }

    /// Gives back the credits of `count` SDUs the user took from a channel whose credits follow consumption.
    func consumed(
        _ count: Int, onChannel cid: L2CAPChannelID, of handle: ConnectionHandle,
        isolation: isolated (any Actor)? = #isolation
    ) {
        guard let link = links[handle], link.channels[cid]?.creditsFollowConsumption == true else { return }
        for _ in 0..<max(count, 0) {
            update(cid, of: link, isolation: isolation) { $0.sduConsumed() }
        }
    }

    /// Closes a channel; ``HostEvent/channelClosed(_:_:reason:)`` follows once the peer answers.
    func closeChannel(
        _ cid: L2CAPChannelID, of handle: ConnectionHandle, afterSending: Bool,
        isolation: isolated (any Actor)? = #isolation
    ) throws(HostError) {
        let link = try link(handle)
        guard link.channels[cid] != nil else { throw .noSuchChannel(handle, cid) }
        update(cid, of: link, isolation: isolation) { afterSending ? $0.disconnectAfterSending() : $0.disconnect() }
    }

    /// Takes a K-frame on a dynamic channel; false when the link has no channel with that CID.
    func channelFrame(
        _ frame: BasicFrame, on handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation
    ) -> Bool {
        guard let link = links[handle], link.channels[frame.channelID] != nil else { return false }
        update(frame.channelID, of: link, isolation: isolation) { $0.received(frame: frame.payload) }
        return true
    }

    /// Routes a signaling request or indication for the channel layer to its channel, or refuses it.
    func channelSignal(_ command: SignalingCommand, on link: L2CAPLink, isolation: isolated (any Actor)?) {
        switch command {
        case .leCreditBasedConnectionRequest(let identifier, let request):
            guard let options = published[request.spsm] else {
                return send(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.spsmNotSupported)), on: link)
            }
            guard !options.requiresEncryption || security(link.handle).level > .unencrypted else {
                return send(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.insufficientAuthentication)),
                    on: link)
            }
            guard !link.channels.values.contains(where: { $0.channel.peer?.cid == request.sourceCID }) else {
                return send(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.sourceCIDAlreadyAllocated)),
                    on: link)
            }
            guard let cid = freeChannelID(on: link) else {
                return send(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.noResourcesAvailable)),
                    on: link)
            }
            link.channels[cid] = HostChannel(
                channel: CreditBasedChannel(localCID: cid, configuration: options.configuration), spsm: request.spsm,
                creditsFollowConsumption: options.creditsFollowConsumption)
            update(cid, of: link, isolation: isolation) { $0.accept(request, identifier: identifier) }
        case .disconnectionRequest(let identifier, let request):
            guard link.channels[request.destinationCID] != nil else {
                let reject = CommandReject.invalidCID(local: request.destinationCID, remote: request.sourceCID)
                return send(.commandReject(identifier: identifier, reject), on: link)
            }
            update(request.destinationCID, of: link, isolation: isolation) {
                $0.receivedDisconnectionRequest(request, identifier: identifier)
            }
        case .flowControlCreditIndication(_, let indication):
            guard let cid = link.channels.first(where: { $0.value.channel.peer?.cid == indication.cid })?.key
            else { return }
            update(cid, of: link, isolation: isolation) { $0.receivedCredits(indication.credits) }
        default:
            logger.debug("signaling command on \(link.handle) ignored: \(command)")
        }
    }

    /// Hands the peer's answer to one of our channel requests to its channel.
    func channelAnswer(
        to request: SignalingRequest, _ response: SignalingCommand?, on link: L2CAPLink,
        isolation: isolated (any Actor)?
    ) {
        let cid: L2CAPChannelID
        switch request {
        case .leCreditBasedConnection(let sent): cid = sent.sourceCID
        case .disconnection(let sent): cid = sent.sourceCID
        default: return
        }
        update(cid, of: link, isolation: isolation) { channel in
            switch response {
            case .leCreditBasedConnectionResponse(_, let answer)?: channel.receivedConnectionResponse(answer)
            case .disconnectionResponse(_, let answer)?: channel.receivedDisconnectionResponse(answer)
            case .commandReject(_, let reject)?: channel.receivedCommandReject(reject)
            case nil: channel.responseTimedOut()
            default: []
            }
        }
    }

    /// Closes every channel of a link that went down.
    func closeChannels(of link: L2CAPLink, isolation: isolated (any Actor)?) {
        for cid in link.channels.keys.sorted() {
            update(cid, of: link, isolation: isolation) { $0.linkDisconnected() }
        }
    }

    private func update(
        _ cid: L2CAPChannelID, of link: L2CAPLink, isolation: isolated (any Actor)?,
        _ body: (inout CreditBasedChannel) -> [CreditBasedChannelAction]
    ) {
        guard var entry = link.channels[cid] else { return }
        let actions = body(&entry.channel)
        var waiters: [CheckedContinuation<Result<Void, HostError>, Never>] = []
        if entry.channel.queuedSDUCount < entry.channel.configuration.maximumQueuedSDUs {
            swap(&waiters, &entry.roomWaiters)
        }
        link.channels[cid] = entry
        perform(actions, onChannel: cid, of: link, isolation: isolation)
        for waiter in waiters { waiter.resume(returning: .success(())) }
    }

    private func perform(
        _ actions: [CreditBasedChannelAction], onChannel cid: L2CAPChannelID, of link: L2CAPLink,
        isolation: isolated (any Actor)?
    ) {
        let handle = link.handle
        for action in actions {
            switch action {
            case .signal(let request):
                do {
                    perform(try link.signaling.send(request), on: link, isolation: isolation)
                } catch {
                    logger.warning("channel \(cid) on \(handle): signaling request not sent: \(error)")
                }
            case .respond(let command):
                send(command, on: link)
            case .send(let frame):
                transmit(handle, frame)
            case .deliver(let sdu):
                emit(.channelData(handle, cid, sdu))
                if link.channels[cid]?.creditsFollowConsumption == false {
                    update(cid, of: link, isolation: isolation) { $0.sduConsumed() }
                }
            case .opened(let peer):
                guard var entry = link.channels[cid] else { continue }
                let info = L2CAPChannelInfo(
                    connection: handle, spsm: entry.spsm, localCID: cid, peerMTU: Int(peer.mtu),
                    localMTU: Int(entry.channel.configuration.mtu))
                if let opener = entry.opener {
                    entry.opener = nil
                    link.channels[cid] = entry
                    opener.resume(returning: .success(info))
                } else {
                    emit(.channelOpened(info))
                }
            case .closed(let reason):
                guard let entry = link.channels.removeValue(forKey: cid) else { continue }
                for waiter in entry.roomWaiters {
                    waiter.resume(returning: .failure(.channelClosed(handle, cid, reason)))
                }
                if let opener = entry.opener {
                    opener.resume(returning: .failure(.channelClosed(handle, cid, reason)))
                } else {
                    emit(.channelClosed(handle, cid, reason: reason))
                }
            }
        }
    }

    private func freeChannelID(on link: L2CAPLink) -> L2CAPChannelID? {
        let range = L2CAPChannelID.leDynamicRange
        return (range.lowerBound.rawValue...range.upperBound.rawValue).lazy.map(L2CAPChannelID.init(rawValue:))
            .first { link.channels[$0] == nil }
    }
}
