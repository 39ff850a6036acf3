import HCI

/// ACL data across the air, with the host-to-controller buffer accounting of LE Read Buffer Size.
extension Air {
    /// Takes one ACL packet from a host for the peer's host, cut into data PDUs of the link's data length;
    /// the sender hears Number Of Completed Packets once the peer's host queue has taken it.
    ///
    /// On an untimed air the packet is held for the receiver, which is returned: the caller delivers it
    /// with ``releaseHeldACL(to:)``, after as many more as came together.
    ///
    /// Packets on an unknown handle, longer than a buffer, or beyond the buffers the host was given (a host
    /// flow-control error) are discarded and never counted as completed.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 4.1.1 and 5.4.2.
    func handleACL(_ packet: ACLDataPacket, from c: ControllerState) -> ControllerState? {
        let configuration = c.configuration
        let inFlight = c.aclPacketsInFlight
        guard let link = c.handles[packet.handle], packet.data.count <= Int(configuration.aclBufferLength),
            inFlight < Int(configuration.aclBufferCount)
        else { return nil }
        c.aclPacketsInFlight = inFlight + 1
        let side = link.side(of: c.id)
        let layer = link.layer
        var size = Int(link.maxTxOctets[side])
        if let layer {
            let time = Duration.microseconds(Int64(link.maxTxTime[side]))
            size = min(size, layer.phy[side].octets(within: time))
        }
        let fragments = LinkFragments(packet: packet, size: size, handle: link.handle(side.opposite))
        guard layer == nil else {
            enqueue(fragments, on: link, from: side)
            return nil
        }
        let receiver = link.state(side.opposite)
        receiver.heldACL.append(HeldACL(link: link, sender: side, fragments: fragments))
        return receiver
    }

    /// Delivers held ACL to a host, in order, while its queue has room (asked once for all of it); each sender
    /// hears one Number Of Completed Packets event for what was delivered. The caller flushes the outbox.
    ///
    /// The completion reports go out ahead of the packets, so a sender's host, when it runs in the same process as
    /// the receiver's, refills its buffers before it turns to what it received, and the air carries that while the
    /// receiving side works.
    func releaseHeldACL(to receiver: ControllerState) {
        let held = receiver.heldACL
        guard !held.isEmpty else { return }
        var room = receiver.queue.roomForACL(upTo: held.reduce(0) { $0 + $1.fragments.count })
        var completed = CompletedPacketTally()
        var taken = 0
        for packet in held {
            guard packet.fragments.count <= room else { break }
            room -= packet.fragments.count
            taken += 1
            let sender = packet.link.state(packet.sender)
            sender.aclPacketsInFlight -= 1
            completed.count(packet.link.handle(packet.sender), of: sender)
        }
        completed.forEachEvent { sender, event in report(event, to: sender) }
        for packet in held.prefix(taken) {
            for fragment in packet.fragments {
                outbox.append(Outgoing(controller: receiver.id, packet: .acl(fragment), kind: .acl))
            }
        }
        receiver.heldACL.removeFirst(taken)
    }

    /// Reports completed packets to their sender's host at once, or holds the report back as the sender's
    /// configuration allows: until something else goes to that host (``flush()`` adds it then), a quarter of the buffers
    /// wait to be reported, or the delay ends.
    private func report(_ event: NumberOfCompletedPacketsEvent, to sender: ControllerState) {
        guard let delay = sender.configuration.completedPacketsDelay else { return emit(event, to: sender) }
        let wasEmpty = sender.unreported.isEmpty
        sender.unreported.add(event)
        if sender.unreported.total * 4 >= Int(sender.configuration.aclBufferCount) {
            reportCompletions(to: sender)
        } else if wasEmpty {
            unreportedSenders.append(sender)
            schedule(.completedPackets, on: sender, after: delay)
        }
    }

    /// Reports every completed packet held back for a controller's host.
    func reportCompletions(to c: ControllerState) {
        c.cancelTimer(.completedPackets)
        unreportedSenders.removeAll { $0 === c }
        for event in c.unreported.take() { emit(event, to: c) }
    }

    /// Adds the held-back reports of each host that the outbox sends something else to.
    func reportCompletionsWithOutbox() {
        let owed = unreportedSenders.filter { sender in outbox.contains { $0.controller == sender.id } }
        for sender in owed { reportCompletions(to: sender) }
    }
}
