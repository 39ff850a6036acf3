import HCI

/// One data channel PDU waiting in one side's link layer: a fragment of a host ACL packet, already addressed
/// with the receiving host's connection handle.
struct DataPDU {
    var fragment: ACLDataPacket
    /// Whether it ends a host packet, whose HCI buffer its acknowledgement frees (Number Of Completed Packets).
    var endsHostPacket: Bool
    /// When the host handed it over: it cannot go in a packet that starts earlier.
    var queuedAt: Duration = .zero
    /// Whether the peer already took it: its acknowledgement was lost, so it goes again but is not delivered twice.
    var received = false
}

/// A change both link layers make at an agreed connection event (the instant).
///
/// Bluetooth Core Specification Vol 6, Part B, 5.1.1 (connection update), 5.1.9 (data length update) and
/// 5.1.10 (PHY update).
///
/// `notify` names the sides whose hosts hear the outcome: the initiator's always, the other's when something
/// changed. A data length update names the side whose transmit length changes; both hosts hear it.
enum InstantChange {
    case parameters(ConnectionParameters, notify: [LinkSide])
    case phy(central: RadioPHY, peripheral: RadioPHY, notify: [LinkSide])
    case dataLength(LinkSide, octets: UInt16, time: UInt16)
}

/// The timed link layer of one connection: connection events at anchor points one interval apart, in which
/// the central and the peripheral exchange packets until neither has more data (MD) or the next exchange
/// would not end before the next anchor; peripheral latency, supervision timeout, retransmission under loss,
/// and changes at their instant.
///
/// A pure state machine: ``runEvent(micLength:loss:canReceive:)`` says what one event delivered and freed,
/// and the ``Air`` carries it out.
///
/// Bluetooth Core Specification Vol 6, Part B, 4.5.1 (connection events), 4.5.2 (supervision timeout),
/// 4.5.6 (closing connection events), 4.5.9 (acknowledgement and flow control).
struct LinkLayer {
    /// What one connection event did.
    struct Outcome {
        /// Fragments that reached each side, in order.
        var delivered: [(receiver: LinkSide, fragment: ACLDataPacket)] = []
        /// Host packets of each side whose last fragment was acknowledged.
        var freed = PerSide(0)
        /// Changes that took effect at this event's instant.
        var applied: [InstantChange] = []
        /// Packet exchanges the event held (a central packet and the peripheral's reply).
        var exchanges = 0
        /// Whether a side went longer than the supervision timeout without hearing its peer.
        var timedOut = false
    }

    var parameters: ConnectionParameters
    /// When the next connection event starts.
    private(set) var nextAnchor: Duration
    /// The counter of the next connection event.
    private(set) var eventCounter: UInt16 = 0
    private(set) var phy = PerSide(RadioPHY.le1M)
    private var queues = PerSide([DataPDU]())
    /// When each side last received a packet from its peer.
    private var lastHeard: PerSide<Duration>
    /// Whether each side's controller is still there to transmit and receive.
    private var present = PerSide(true)
    /// Events the peripheral has let pass since it last listened; it listens at the first event.
    private var skipped = Int.max / 2
    private var pending: [(instant: UInt16, change: InstantChange)] = []

    /// A connection whose first event comes at `firstAnchor`.
    init(parameters: ConnectionParameters, firstAnchor: Duration) {
        self.parameters = parameters
        nextAnchor = firstAnchor
        lastHeard = PerSide(firstAnchor)
    }

    var interval: Duration { .microseconds(Int64(parameters.interval) * 1250) }
    var supervisionTimeout: Duration { .milliseconds(Int64(parameters.supervisionTimeout) * 10) }

    /// Queues a side's PDUs for the events to come.
    mutating func enqueue(_ pdus: [DataPDU], from side: LinkSide) {
        queues[side] += pdus
    }

    /// PDUs a side has not yet had acknowledged.
    func queued(_ side: LinkSide) -> Int { queues[side].count }

    /// A side's controller left the air: it neither sends nor hears from now on, so its peer times out.
    mutating func leave(_ side: LinkSide) {
        present[side] = false
        queues[side] = []
    }

    /// Agrees a change for a later event: by default the instant is six events on, as controllers commonly
    /// choose (at least six is what Vol 6, Part B, 5.1.1 asks of a central). Returns the instant.
    @discardableResult
    mutating func schedule(_ change: InstantChange, after events: UInt16 = 6) -> UInt16 {
        let instant = eventCounter &+ events
        pending.append((instant, change))
        return instant
    }

    /// Runs the connection event at ``nextAnchor`` and moves on to the next one.
    ///
    /// `micLength` is 4 on an encrypted link; `canReceive` says whether a side's host has room for one more
    /// fragment (a side without room does not acknowledge, so the sender keeps it).
    mutating func runEvent(
        micLength: Int, loss: inout PacketLoss, canReceive: (LinkSide) -> Bool
    ) -> Outcome {
        let anchor = nextAnchor
        var outcome = Outcome()
        applyChanges(into: &outcome)
        let listens = ready(.peripheral, at: anchor) != nil || skipped >= Int(parameters.latency)
        if listens {
            skipped = 0
            exchange(from: anchor, micLength: micLength, loss: &loss, canReceive: canReceive, into: &outcome)
        } else {
            skipped += 1
        }
        eventCounter &+= 1
        nextAnchor = anchor + interval
        outcome.timedOut = [LinkSide.central, .peripheral].contains {
            anchor - lastHeard[$0] > supervisionTimeout
        }
        return outcome
    }

    /// The packets of one event: the central sends (data or empty), the peripheral replies 150 µs later, and
    /// they go on while either has more data and the next exchange ends before the next anchor; a lost packet
    /// closes the event, and what was not acknowledged goes again in the next one.
    private mutating func exchange(
        from anchor: Duration, micLength: Int, loss: inout PacketLoss, canReceive: (LinkSide) -> Bool,
        into outcome: inout Outcome
    ) {
        let end = anchor + interval - RadioPHY.interFrameSpace
        var time = anchor
        while present.central {
            let sent = ready(.central, at: time)
            let centralMore = hasMore(.central, at: time)
            let centralTime = airtime(of: sent, from: .central, micLength: micLength)
            let replyStart = time + centralTime + RadioPHY.interFrameSpace
            let reply = ready(.peripheral, at: replyStart)
            let peripheralMore = hasMore(.peripheral, at: replyStart)
            let replyTime = airtime(of: reply, from: .peripheral, micLength: micLength)
            if outcome.exchanges > 0, replyStart + replyTime > end { return }
            outcome.exchanges += 1
            guard present.peripheral, !loss.lost() else { return }
            lastHeard[.peripheral] = time + centralTime
            if let sent, !sent.received {
                guard canReceive(.peripheral) else { return }
                outcome.delivered.append((.peripheral, sent.fragment))
                queues.central[0].received = true
            }
            guard !loss.lost() else { return }
            lastHeard[.central] = replyStart + replyTime
            if sent != nil { acknowledge(.central, into: &outcome) }
            if let reply, canReceive(.central) {
                outcome.delivered.append((.central, reply.fragment))
                acknowledge(.peripheral, into: &outcome)
            }
            time = replyStart + replyTime + RadioPHY.interFrameSpace
            guard centralMore || peripheralMore else { return }
        }
    }

    /// The MD bit of a side's packet sent at `time`: whether another PDU than the one it carries was ready.
    private func hasMore(_ side: LinkSide, at time: Duration) -> Bool {
        let queue = queues[side]
        guard let head = queue.first, head.queuedAt <= time else { return false }
        return queue.count > 1 && queue[1].queuedAt <= time
    }

    /// A side's next PDU, if the host had handed it over by `time`.
    private func ready(_ side: LinkSide, at time: Duration) -> DataPDU? {
        guard let pdu = queues[side].first, pdu.queuedAt <= time else { return nil }
        return pdu
    }

    /// The air time of a side's next packet: its PDU, or an empty one.
    private func airtime(of pdu: DataPDU?, from side: LinkSide, micLength: Int) -> Duration {
        phy[side].airtime(payload: pdu.map { $0.fragment.data.count + micLength } ?? 0)
    }

    private mutating func acknowledge(_ side: LinkSide, into outcome: inout Outcome) {
        guard let pdu = queues[side].first else { return }
        queues[side].removeFirst()
        if pdu.endsHostPacket { outcome.freed[side] += 1 }
    }

    private mutating func applyChanges(into outcome: inout Outcome) {
        while let index = pending.firstIndex(where: { $0.instant == eventCounter }) {
            let change = pending.remove(at: index).change
            switch change {
            case .parameters(let new, _): parameters = new
            case .phy(let central, let peripheral, _): phy = PerSide(central: central, peripheral: peripheral)
            case .dataLength: break
            }
            outcome.applied.append(change)
        }
    }
}
