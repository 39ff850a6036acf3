import HCI

/// The command gatekeeper: each controller answers what concerns only itself; the air runs the commands about
/// links and carries out what the controllers ask of it.
extension Air {
    /// Runs one command from a controller's host.
    ///
    /// The answer goes ahead of every event the command produced, so a host sees Command Complete (or Status)
    /// before what the command caused.
    func handleCommand(_ packet: HCICommandPacket, from controller: ControllerState) {
        switch controller.run(packet) {
        case .answered(let answer, let actions):
            for action in actions { perform(action, for: controller) }
            outbox.insert(Outgoing(controller: controller.id, packet: .event(answer), kind: .event), at: 0)
        case .forAir(let command):
            dispatch(command, from: controller)
        }
    }

    /// Carries out what a controller asked of the air after answering a command.
    private func perform(_ action: ControllerAction, for c: ControllerState) {
        switch action {
        case .event(let packet): emit(packet, to: c)
        case .startAdvertising(let key): startAdvertising(key, on: c)
        case .startScanning:
            guard let parameters = c.scan?.parameters else { return }
            guard timing == .timed else { return sweepAdvertisers(for: c) }
            c.scan?.listening = ScanWindow(start: now, interval: parameters.interval, window: parameters.window)
        case .initiate:
            for id in order where id != c.id {
                guard let advertiser = controllers[id], advertiser.isAdvertising else { continue }
                for key in advertiser.advertisingSets.keys.sorted()
                where advertiser.advertisingSets[key]?.enabled == true {
                    if connectIfMatching(initiator: c, advertiser: advertiser, key: key) { return }
                }
            }
        case .schedule(let key, let delay): schedule(key, on: c, after: delay)
        }
    }

    private func complete<C: HCICommand>(
        _ command: C, from controller: ControllerState,
        _ handler: (C) throws(ControllerError) -> C.ReturnParameters
    ) {
        let answer = CommandAnswer.complete(command, handler)
        outbox.insert(Outgoing(controller: controller.id, packet: .event(answer), kind: .event), at: 0)
    }

    private func acknowledge<C: HCIAsyncCommand>(
        _ command: C, from controller: ControllerState, _ handler: (C) throws(ControllerError) -> Void
    ) {
        let answer = CommandAnswer.acknowledge(command, handler)
        outbox.insert(Outgoing(controller: controller.id, packet: .event(answer), kind: .event), at: 0)
    }

    /// Runs HCI Reset (the controller's links vanish from the air) or a command about a link, then carries out
    /// what the link's procedures asked.
    private func dispatch(_ command: KnownCommand, from c: ControllerState) {
        switch command {
        case .reset(let command): complete(command, from: c) { _ throws(ControllerError) in resetController(c) }
        case .readRSSI(let command):
            complete(command, from: c) { command throws(ControllerError) in try readRSSI(command, c) }
        case .readTransmitPowerLevel(let command):
            complete(command, from: c) { command throws(ControllerError) in try readTransmitPowerLevel(command, c) }
        case .disconnect(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try disconnect(command, c) }
        case .readRemoteVersionInformation(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.readRemoteVersion(command, from: side)
                }
            }
        case .leReadRemoteFeatures(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.readRemoteFeatures(command, from: side)
                }
            }
        case .leConnectionUpdate(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.connectionUpdate(command, from: side)
                }
            }
        case .leRemoteConnectionParameterRequestReply(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.parameterRequestReply(command, from: side)
                }
            }
        case .leRemoteConnectionParameterRequestNegativeReply(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.parameterRequestNegativeReply(command, from: side)
                }
            }
        case .leSetDataLength(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.setDataLength(command, from: side)
                }
            }
        case .leReadPHY(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side in link.readPHY(command, from: side) }
            }
        case .leSetPHY(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.setPHY(command, from: side)
                }
            }
        case .leEnableEncryption(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.enableEncryption(command, from: side)
                }
            }
        case .leLongTermKeyRequestReply(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.longTermKeyReply(command, from: side)
                }
            }
        case .leLongTermKeyRequestNegativeReply(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try onLink(command.handle, of: c) { link, side throws(ControllerError) in
                    try link.longTermKeyNegativeReply(command, from: side)
                }
            }
        default: break
        }
    }

    /// Runs a procedure on the link a command names, from the commanding controller's side, then carries out what
    /// the procedure asked of the air.
    private func onLink<T>(
        _ handle: ConnectionHandle, of c: ControllerState, _ procedure: (Link, LinkSide) throws(ControllerError) -> T
    ) throws(ControllerError) -> T {
        let link = try link(handle, of: c)
        defer { carryOut(link.takeRequested(), on: link) }
        return try procedure(link, link.side(of: c.id))
    }

    /// Carries out what a link's procedures asked: events for its hosts, or its end.
    func carryOut(_ actions: [LinkAction], on link: Link) {
        for action in actions {
            switch action {
            case .event(let side, let packet):
                guard let host = controllers[link.controller(side)] else { continue }
                emit(packet, to: host)
            case .end(let notify): endLink(link, notify: notify)
            }
        }
    }

    /// HCI Reset: the controller forgets what its host set; its links vanish, so peers see a supervision timeout.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.3.2.
    func resetController(_ c: ControllerState) -> EmptyReturnParameters {
        dropLinks(of: c, peerReason: .connectionTimeout)
        c.reset()
        unreportedSenders.removeAll { $0 === c }
        return EmptyReturnParameters()
    }

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
}
