import HCI

extension BluetoothHost {
    /// Accepts credit-based channels to `spsm` from now on, or to a free dynamic SPSM when nil, run as `options`
    /// say; peers' channels to it open as ``HostEvent/channelOpened(_:)``.
    ///
    /// - Returns: The SPSM published.
    /// - Throws: ``HostError/noFreeSPSM`` when every dynamic SPSM is taken.
    @discardableResult
    public func publishChannel(
        spsm: SPSM? = nil, options: ChannelServiceOptions = .init()
    ) throws(HostError) -> SPSM {
        if let spsm {
            publishedChannels[spsm] = options
            return spsm
        }
        for raw in SPSM.dynamicRange.lowerBound.rawValue...SPSM.dynamicRange.upperBound.rawValue
        where publishedChannels[SPSM(rawValue: raw)] == nil {
            publishedChannels[SPSM(rawValue: raw)] = options
            return SPSM(rawValue: raw)
        }
        throw .noFreeSPSM
    }

    /// Stops accepting channels to `spsm`; channels already open stay open.
    public func unpublishChannel(spsm: SPSM) {
        publishedChannels[spsm] = nil
    }

    /// Opens a credit-based channel to the peer's service `spsm` and returns it once the peer accepts.
    ///
    /// With `creditsFollowConsumption`, a received SDU's credit goes back to the peer only once reported
    /// consumed (``consumed(_:onChannel:of:)``).
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 10.1.
    public func openChannel(
        spsm: SPSM, on handle: ConnectionHandle, configuration: CreditBasedChannel.Configuration = .init(),
        creditsFollowConsumption: Bool = false
    ) async throws(HostError) -> L2CAPChannelInfo {
        let connection = try connection(handle)
        guard let cid = freeChannelID(on: connection) else { throw .noFreeChannel(handle) }
        var channel = CreditBasedChannel(localCID: cid, configuration: configuration)
        let actions: [CreditBasedChannelAction]
        do {
            actions = try channel.connect(spsm: spsm)
        } catch {
            throw .channel(handle, error)
        }
        let outcome = await withCheckedContinuation { continuation in
            connection.channels[cid] = HostChannel(
                channel: channel, spsm: spsm, opener: continuation, creditsFollowConsumption: creditsFollowConsumption)
            perform(actions, onChannel: cid, of: connection)
        }
        return try outcome.get()
    }

    /// Sends one SDU on an open channel; it leaves in K-frames as the peer grants credits.
    public func send(_ sdu: [UInt8], onChannel cid: L2CAPChannelID, of handle: ConnectionHandle) throws(HostError) {
        let connection = try connection(handle)
        guard var entry = connection.channels[cid] else { throw .noSuchChannel(handle, cid) }
        let actions: [CreditBasedChannelAction]
        do {
            actions = try entry.channel.send(sdu)
        } catch {
            throw .channel(handle, error)
        }
        connection.channels[cid] = entry
        perform(actions, onChannel: cid, of: connection)
    }

    /// Sends one SDU on an open channel once its send queue has room, waiting for the peer's credits to make some.
    ///
    /// - Throws: ``HostError/channelClosed(_:_:_:)`` when the channel closes while waiting, or what
    ///   ``send(_:onChannel:of:)`` throws.
    public func enqueue(
        _ sdu: [UInt8], onChannel cid: L2CAPChannelID, of handle: ConnectionHandle
    ) async throws(HostError) {
        while true {
            let connection = try connection(handle)
            guard let entry = connection.channels[cid] else { throw .noSuchChannel(handle, cid) }
            guard entry.channel.queuedSDUCount >= entry.channel.configuration.maximumQueuedSDUs else { break }
            let room = await withCheckedContinuation { continuation in
                connection.channels[cid]?.roomWaiters.append(continuation)
            }
            try room.get()
        }
        try send(sdu, onChannel: cid, of: handle)
    }

    /// Reports that the user took `count` more of the SDUs delivered on a channel whose credits follow
    /// consumption, so that their credits may go back to the peer; does nothing for other channels.
    public func consumed(_ count: Int = 1, onChannel cid: L2CAPChannelID, of handle: ConnectionHandle) {
        guard let connection = connections[handle], connection.channels[cid]?.creditsFollowConsumption == true else {
            return
        }
        for _ in 0..<max(count, 0) {
            update(cid, of: connection) { $0.sduConsumed() }
        }
    }

    /// Closes a channel; ``HostEvent/channelClosed(_:_:reason:)`` follows once the peer answers. With
    /// `afterSending`, the SDUs already queued leave first (the peer's answer then also confirms it had them all);
    /// otherwise they are dropped.
    public func closeChannel(
        _ cid: L2CAPChannelID, of handle: ConnectionHandle, afterSending: Bool = false
    ) throws(HostError) {
        let connection = try connection(handle)
        guard connection.channels[cid] != nil else { throw .noSuchChannel(handle, cid) }
        update(cid, of: connection) { afterSending ? $0.disconnectAfterSending() : $0.disconnect() }
    }

    /// Routes a signaling request or indication for the channel layer to its channel, or refuses it.
    func channelSignal(_ command: SignalingCommand, on connection: HostConnection) {
        switch command {
        case .leCreditBasedConnectionRequest(let identifier, let request):
            guard let options = publishedChannels[request.spsm] else {
                return respond(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.spsmNotSupported)),
                    on: connection)
            }
            guard !options.requiresEncryption || connection.security.level > .unencrypted else {
                return respond(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.insufficientAuthentication)),
                    on: connection)
            }
            guard !connection.channels.values.contains(where: { $0.channel.peer?.cid == request.sourceCID }) else {
                return respond(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.sourceCIDAlreadyAllocated)),
                    on: connection)
            }
            guard let cid = freeChannelID(on: connection) else {
                return respond(
                    .leCreditBasedConnectionResponse(identifier: identifier, .refused(.noResourcesAvailable)),
                    on: connection)
            }
            connection.channels[cid] = HostChannel(
                channel: CreditBasedChannel(localCID: cid, configuration: options.configuration), spsm: request.spsm,
                creditsFollowConsumption: options.creditsFollowConsumption)
            update(cid, of: connection) { $0.accept(request, identifier: identifier) }
        case .disconnectionRequest(let identifier, let request):
            guard connection.channels[request.destinationCID] != nil else {
                let reject = CommandReject.invalidCID(local: request.destinationCID, remote: request.sourceCID)
                return respond(.commandReject(identifier: identifier, reject), on: connection)
            }
            update(request.destinationCID, of: connection) {
                $0.receivedDisconnectionRequest(request, identifier: identifier)
            }
        case .flowControlCreditIndication(_, let indication):
            guard let cid = connection.channels.first(where: { $0.value.channel.peer?.cid == indication.cid })?.key
            else { return }
            update(cid, of: connection) { $0.receivedCredits(indication.credits) }
        default:
            logger.debug("signaling command on \(connection.link.handle) ignored: \(command)")
        }
    }

    /// Hands the peer's answer to one of our channel requests to its channel.
    func channelAnswer(to request: SignalingRequest, _ response: SignalingCommand?, on connection: HostConnection) {
        let cid: L2CAPChannelID
        switch request {
        case .leCreditBasedConnection(let sent): cid = sent.sourceCID
        case .disconnection(let sent): cid = sent.sourceCID
        default: return
        }
        update(cid, of: connection) { channel in
            switch response {
            case .leCreditBasedConnectionResponse(_, let answer)?: channel.receivedConnectionResponse(answer)
            case .disconnectionResponse(_, let answer)?: channel.receivedDisconnectionResponse(answer)
            case .commandReject(_, let reject)?: channel.receivedCommandReject(reject)
            case nil: channel.responseTimedOut()
            default: []
            }
        }
    }

    /// Takes a K-frame on a dynamic channel; false when no channel has that CID.
    func channelFrame(_ frame: BasicFrame, on connection: HostConnection) -> Bool {
        guard connection.channels[frame.channelID] != nil else { return false }
        update(frame.channelID, of: connection) { $0.received(frame: frame.payload) }
        return true
    }

    /// Closes every channel of a link that went down.
    func closeChannels(of connection: HostConnection) {
        for cid in connection.channels.keys.sorted() {
            update(cid, of: connection) { $0.linkDisconnected() }
        }
    }

    private func update(
        _ cid: L2CAPChannelID, of connection: HostConnection,
        _ body: (inout CreditBasedChannel) -> [CreditBasedChannelAction]
    ) {
        guard var entry = connection.channels[cid] else { return }
        let actions = body(&entry.channel)
        var waiters: [CheckedContinuation<Result<Void, HostError>, Never>] = []
        if entry.channel.queuedSDUCount < entry.channel.configuration.maximumQueuedSDUs {
            swap(&waiters, &entry.roomWaiters)
        }
        connection.channels[cid] = entry
        perform(actions, onChannel: cid, of: connection)
        for waiter in waiters { waiter.resume(returning: .success(())) }
    }

    private func perform(
        _ actions: [CreditBasedChannelAction], onChannel cid: L2CAPChannelID, of connection: HostConnection
    ) {
        let handle = connection.link.handle
        for action in actions {
            switch action {
            case .signal(let request):
                do {
                    perform(try connection.signaling.send(request), on: connection)
                } catch {
                    logger.warning("channel \(cid) on \(handle): signaling request not sent: \(error)")
                }
            case .respond(let command):
                respond(command, on: connection)
            case .send(let frame):
                transmit(frame.encoded, to: handle)
            case .deliver(let sdu):
                emit(.channelData(handle, cid, sdu))
                if connection.channels[cid]?.creditsFollowConsumption == false {
                    update(cid, of: connection) { $0.sduConsumed() }
                }
            case .opened(let peer):
                guard var entry = connection.channels[cid] else { continue }
                let info = L2CAPChannelInfo(
                    connection: handle, spsm: entry.spsm, localCID: cid, peerMTU: Int(peer.mtu),
                    localMTU: Int(entry.channel.configuration.mtu))
                if let opener = entry.opener {
                    entry.opener = nil
                    connection.channels[cid] = entry
                    opener.resume(returning: .success(info))
                } else {
                    emit(.channelOpened(info))
                }
            case .closed(let reason):
                guard let entry = connection.channels.removeValue(forKey: cid) else { continue }
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

    private func respond(_ command: SignalingCommand, on connection: HostConnection) {
        send(command.encoded, on: .leSignaling, to: connection.link.handle)
    }

    private func freeChannelID(on connection: HostConnection) -> L2CAPChannelID? {
        let range = L2CAPChannelID.leDynamicRange
        return (range.lowerBound.rawValue...range.upperBound.rawValue).lazy.map(L2CAPChannelID.init(rawValue:))
            .first { connection.channels[$0] == nil }
    }
}
