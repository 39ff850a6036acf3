import HCI

/// The connections of a timed air: each link's ``LinkLayer`` runs its connection events on the air's deadline
/// queue, and the air carries out what each event did: fragments to the hosts, Number Of Completed Packets for
/// what was acknowledged, changes at their instant, and Connection Timeout when supervision expires.
extension Air {
    /// Starts a new link's connection events on a timed air: the first anchor 1.25 ms after the connection
    /// forms (transmitWindowDelay, Vol 6, Part B, 4.5.3), then one every interval.
    func startConnectionEvents(_ link: Link) {
        guard timing == .timed else { return }
        let layer = LinkLayer(parameters: link.parameters, firstAnchor: now + .microseconds(1250))
        link.layer = layer
        schedule(eventOf: link, at: layer.nextAnchor)
    }

    /// Queues the fragments of one host packet for the connection events to carry.
    func enqueue(_ fragments: LinkFragments, on link: Link, from side: LinkSide) {
        let queuedAt = now
        let last = fragments.count - 1
        let pdus = fragments.enumerated().map { index, fragment in
            DataPDU(fragment: fragment, endsHostPacket: index == last, queuedAt: queuedAt)
        }
        link.layer?.enqueue(pdus, from: side)
    }

    /// A controller leaves a timed link without a word (reset, or gone from the air): it stops answering, and
    /// its peer hears Connection Timeout once the supervision timeout has passed.
    func abandon(_ link: Link, side: LinkSide) {
        link.layer?.leave(side)
        link.departed.insert(side)
        if link.departed.count == 2 { links[link.id] = nil }
    }

    /// Runs one connection event and carries out its outcome.
    func connectionEvent(_ link: Link) {
        guard var layer = link.layer else { return }
        var taken: [LinkSide: Int] = [:]
        let outcome = layer.runEvent(micLength: link.encrypted ? 4 : 0, loss: &loss) { side in
            guard !link.departed.contains(side), let receiver = controllers[link.controller(side)],
                receiver.queue.hasRoomForACL(taken[side, default: 0] + 1)
            else { return false }
            taken[side, default: 0] += 1
            return true
        }
        link.layer = layer
        for change in outcome.applied { announce(change, on: link) }
        for (receiver, fragment) in outcome.delivered {
            outbox.append(Outgoing(controller: link.controller(receiver), packet: .acl(fragment), kind: .acl))
        }
        for side in [LinkSide.central, .peripheral] {
            let count = outcome.freed[side]
            guard count > 0, !link.departed.contains(side),
                let sender = controllers[link.controller(side)]
            else { continue }
            sender.aclPacketsInFlight -= count
            emit(
                NumberOfCompletedPacketsEvent(
                    entries: [.init(handle: link.handle(side), completedPackets: UInt16(count))]),
                to: sender)
        }
        if outcome.timedOut {
            endLink(link, notify: [.central: .connectionTimeout, .peripheral: .connectionTimeout])
            return
        }
        schedule(eventOf: link, at: layer.nextAnchor)
    }

    /// Tells the hosts that a change took effect at its instant.
    private func announce(_ change: InstantChange, on link: Link) {
        switch change {
        case .parameters(let parameters, let notify):
            link.parameters = parameters
            link.announceParameters(to: notify)
        case .phy(let central, let peripheral, let notify):
            link.txPHY = PerSide(central: central.hciPHY, peripheral: peripheral.hciPHY)
            link.announcePHY(to: notify)
        case .dataLength(let side, let octets, let time):
            link.applyDataLength(side: side, octets: octets, time: time)
        }
        carryOut(link.takeRequested(), on: link)
    }
}
