import HCI

/// The simulated air that joins virtual controllers: it owns every controller's link-layer state, so
/// advertising, scanning, connections and data move between them deterministically on one serial executor.
///
/// Time comes from the injected clock: advertising repeats at its interval, durations and directed
/// advertising time out, all driven by one queue of deadlines. A report reaches a scanner as soon as
/// scanning and advertising overlap, and a connection forms as soon as an initiator and a matching
/// connectable advertiser overlap. Each advertising event is offered only to the controllers scanning or
/// initiating at the time, so a crowd of advertisers costs little while nobody listens.
public actor Air {
    let clock: any AirClock
    /// Which timing the air follows.
    public let timing: AirTiming
    /// How distance turns into signal strength.
    public let pathLoss: PathLossModel
    var noise: SeededGenerator
    /// Which connection packets the timed air loses.
    var loss: PacketLoss
    @exclusivity(unchecked) var controllers: [ControllerID: ControllerState] = [:]
    /// Controllers in joining order, so every sweep over the air visits them in the same order.
    var order: [ControllerID] = []
    /// The controllers scanning and those initiating: the only ones an advertising event is offered to.
    let listeners = Listeners()
    var links: [UInt64: Link] = [:]
    var timers: AirTimers
    private var nextControllerID: UInt64 = 1
    private var nextLinkID: UInt64 = 1
    /// Packets produced by the current operation, delivered to the hosts when it ends.
    @exclusivity(unchecked) var outbox: [Outgoing] = []
    /// The controllers holding back Number Of Completed Packets reports for their hosts.
    var unreportedSenders: [ControllerState] = []

    /// A packet on its way to a host; a legacy advertising report keeps its report, so that reports for one host
    /// in a row go out together in one event.
    struct Outgoing {
        var controller: ControllerID
        var packet: HCIPacket
        var kind: HostQueue.Kind
        var reports: [LEAdvertisingReportEvent.Report] = []
    }

    /// Makes an empty air.
    ///
    /// `seed` fixes the RSSI noise, advertising delays and packet loss; `packetErrorRate` (0 to 1) is the
    /// chance that a timed air loses one connection packet; timers wake at most once per `timerResolution`
    /// (zero: at each deadline exactly).
    public init(
        clock: any Clock<Duration> = ContinuousClock(), timing: AirTiming = .instant, seed: UInt64 = 0,
        pathLoss: PathLossModel = PathLossModel(), packetErrorRate: Double = 0,
        timerResolution: Duration = .milliseconds(1)
    ) {
        self.loss = PacketLoss(rate: packetErrorRate, seed: seed)
        self.clock = Self.airClock(clock)
        self.timing = timing
        self.timers = AirTimers(resolution: timerResolution)
        self.noise = SeededGenerator(seed: seed)
        self.pathLoss = pathLoss
    }

    /// Adds a controller to the air; the returned controller is the transport its host talks to.
    public func makeController(
        configuration: VirtualControllerConfiguration = VirtualControllerConfiguration()
    )
        -> VirtualController
    {
        let id = ControllerID(rawValue: nextControllerID)
        nextControllerID += 1
        let queue = HostQueue(capacity: configuration.hostQueueCapacity) { [weak self] in
            await self?.hostHasRoom(id)
        }
        controllers[id] = ControllerState(id: id, configuration: configuration, queue: queue, listeners: listeners)
        order.append(id)
        return VirtualController(id: id, air: self, queue: queue)
    }

    /// Replaces the loss model: from now on a timed air loses each connection packet with `packetErrorRate`
    /// (0 to 1), drawn from a generator seeded with `seed` (`bluetooth sim --packet-error-rate --seed`).
    public func setLoss(packetErrorRate: Double, seed: UInt64) {
        loss = PacketLoss(rate: packetErrorRate, seed: seed)
    }

    /// Moves a controller on the air; signal strengths change from the next packet on.
    public func setPosition(_ position: Position, of controller: ControllerID) {
        controllers[controller]?.position = position
    }

    /// Where a controller is, or nil when it is not on this air.
    public func position(of controller: ControllerID) -> Position? {
        controllers[controller]?.position
    }

    /// How many controllers are on the air.
    public var controllerCount: Int { controllers.count }

    /// Takes packets from a controller's host, in order, and then delivers what they caused.
    ///
    /// ACL data in a run of packets is delivered together, with one Number Of Completed Packets event per
    /// sender for the run; a command first delivers the data before it, and its answer goes out before
    /// the next packet is taken, so the host sees everything in the order it sent it.
    func receive(_ packets: [HCIPacket], from id: ControllerID) {
        guard let controller = controllers[id] else { return }
        var receivers: [ControllerState] = []
        for packet in packets {
            switch packet {
            case .command(let command):
                release(&receivers)
                handleCommand(command, from: controller)
                flush()
            case .acl(let data): take(data, from: controller, releasingTo: &receivers)
            case .event, .sco, .iso: break
            }
        }
        release(&receivers)
        flush()
    }

    /// Takes one ACL packet from a controller's host and adds the controller holding it for its host, once, to
    /// `receivers`, to be released with the rest of a batch.
    func take(_ packet: ACLDataPacket, from controller: ControllerState, releasingTo receivers: inout [ControllerState])
    {
        if let receiver = handleACL(packet, from: controller), !receivers.contains(where: { $0 === receiver }) {
            receivers.append(receiver)
        }
    }

    /// Releases the ACL held for each of `receivers`, and empties it.
    func release(_ receivers: inout [ControllerState]) {
        for receiver in receivers { releaseHeldACL(to: receiver) }
        receivers = []
    }

    /// Takes a controller off the air: its links end, its peers see `reason`, and its host's stream ends.
    func remove(_ id: ControllerID, reason: HCIStatus = .connectionTimeout, failure: TransportError? = nil) {
        guard let controller = controllers[id] else { return }
        dropLinks(of: controller, peerReason: reason)
        controller.reset()
        unreportedSenders.removeAll { $0 === controller }
        controllers[id] = nil
        order.removeAll { $0 == id }
        controller.queue.finish(failure: failure)
        flush()
    }

    /// Ends every link of a controller without telling its own host (reset or departure); on a timed air the
    /// peer hears of it only when its supervision timeout expires.
    func dropLinks(of controller: ControllerState, peerReason: HCIStatus) {
        for handle in controller.handles.keys {
            guard let link = controller.handles[handle] else { continue }
            let side = link.side(of: controller.id)
            if link.layer != nil {
                controller.handles[handle] = nil
                abandon(link, side: side)
            } else {
                endLink(link, notify: [side.opposite: peerReason])
            }
        }
    }

    /// Called when a host drained enough of its queue that held-back ACL may flow again.
    func hostHasRoom(_ id: ControllerID) {
        if let controller = controllers[id] { releaseHeldACL(to: controller) }
        flush()
    }

    func link(_ handle: ConnectionHandle, of controller: ControllerState) throws(ControllerError) -> Link {
        guard let link = controller.handles[handle] else { throw .unknownConnectionIdentifier }
        return link
    }

    func makeLinkID() -> UInt64 {
        defer { nextLinkID += 1 }
        return nextLinkID
    }

    /// One RSSI reading of a signal from `sender` as `receiver` hears it.
    func rssi(from sender: ControllerState, to receiver: ControllerState) -> Int8 {
        pathLoss.rssi(overDistance: sender.position.distance(to: receiver.position), unitNoise: noise.unitNoise())
    }

    /// Whether `receiver` hears `sender` at all.
    func inRange(_ sender: ControllerState, _ receiver: ControllerState) -> Bool {
        pathLoss.meanPower(overDistance: sender.position.distance(to: receiver.position)) >= pathLoss.sensitivity
    }

    /// Queues an event for a controller's host, unless the host masked it.
    func emit<E: HCIEvent>(_ event: E, to controller: ControllerState) {
        guard controller.masks.allows(E.code) else { return }
        outbox.append(Outgoing(controller: controller.id, packet: .event(HCIEventPacket(event)), kind: .event))
    }

    /// Queues an event a controller made for its host, if it made one.
    func emit(_ packet: HCIEventPacket?, to controller: ControllerState) {
        guard let packet else { return }
        outbox.append(Outgoing(controller: controller.id, packet: .event(packet), kind: .event))
    }

    /// Queues one legacy advertising report for a scanner's host, unless the host masked it.
    func emitReport(_ report: LEAdvertisingReportEvent.Report, to scanner: ControllerState) {
        guard scanner.masks.allows(LEAdvertisingReportEvent.subeventCode) else { return }
        let event = LEAdvertisingReportEvent(reports: [report])
        outbox.append(
            Outgoing(controller: scanner.id, packet: .event(HCIEventPacket(event)), kind: .report, reports: [report]))
    }

    /// Joins the legacy advertising reports queued for one host with nothing else for it in between into events of
    /// up to 25 reports and 255 octets, as a controller does when several advertisers are heard at once
    /// (Vol 4, Part E, 7.7.65.2); the order of what each host receives is kept.
    static func combiningReports(_ batch: [Outgoing]) -> [Outgoing] {
        var combined: [Outgoing] = []
        var open: [ControllerID: Int] = [:]
        for outgoing in batch {
            guard let report = outgoing.reports.first else {
                open[outgoing.controller] = nil
                combined.append(outgoing)
                continue
            }
            if let index = open[outgoing.controller] {
                let reports = combined[index].reports + [report]
                let length = reports.reduce(2) { $0 + 10 + $1.data.count }
                if reports.count <= LEAdvertisingReportEvent.maximumReports, length <= 255 {
                    combined[index].reports = reports
                    combined[index].packet = .event(HCIEventPacket(LEAdvertisingReportEvent(reports: reports)))
                    continue
                }
            }
            open[outgoing.controller] = combined.count
            combined.append(outgoing)
        }
        return combined
    }

    /// Queues an LE subevent for a controller's host, unless the host masked it.
    func emit<E: LEMetaEvent>(_ event: E, to controller: ControllerState) {
        guard controller.masks.allows(E.subeventCode) else { return }
        let kind: HostQueue.Kind =
            E.subeventCode == .advertisingReport || E.subeventCode == .extendedAdvertisingReport ? .report : .event
        outbox.append(Outgoing(controller: controller.id, packet: .event(HCIEventPacket(event)), kind: kind))
    }

    /// Delivers what the current operation produced; a host whose queue overflowed leaves the air. The outbox keeps
    /// its buffer for the next operation.
    func flush() {
        if !unreportedSenders.isEmpty { reportCompletionsWithOutbox() }
        while !outbox.isEmpty {
            var batch = outbox.contains { !$0.reports.isEmpty } ? Self.combiningReports(outbox) : outbox
            outbox = []
            var stuck: [ControllerID] = []
            var start = batch.startIndex
            while start < batch.endIndex {
                let id = batch[start].controller
                var end = start + 1
                while end < batch.endIndex, batch[end].controller == id { end += 1 }
                if let controller = controllers[id],
                    controller.queue.push(batch[start..<end].lazy.map { ($0.packet, $0.kind) }), !stuck.contains(id)
                {
                    stuck.append(id)
                }
                start = end
            }
            for id in stuck {
                remove(id, failure: .io("the host stopped reading: controller event queue overflowed"))
            }
            if outbox.isEmpty {
                batch.removeAll(keepingCapacity: true)
                outbox = batch
            }
        }
    }
}
