import HCI

/// ACL data across the air, with the host-to-controller buffer accounting of LE Read Buffer Size.
extension Air {
    /// Takes one ACL packet from a host for the peer's host, cut into data PDUs of the link's data length;
    /// the sender hears Number Of Completed Packets once the peer's host queue has taken it.
    ///
    /// On an untimed air the packet is held for the receiver, whose ID is returned: the caller delivers it
    /// with ``releaseHeldACL(to:)``, after as many more as came together.
    ///
    /// Packets on an unknown handle, longer than a buffer, or beyond the buffers the host was given (a host
    /// flow-control error) are discarded and never counted as completed.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 4.1.1 and 5.4.2.
    func handleACL(_ packet: ACLDataPacket, from c: ControllerState) -> ControllerID? {
        guard let linkID = c.handles[packet.handle], let link = links[linkID],
            packet.data.count <= Int(c.configuration.aclBufferLength),
            c.aclPacketsInFlight < Int(c.configuration.aclBufferCount)
        else { return nil }
        c.aclPacketsInFlight += 1
        let side = link.side(of: c.id)
        let receiver = link.controller(side.opposite)
        var size = Int(link.maxTxOctets[side] ?? DataLength.initialOctets)
        if let layer = link.layer {
            let time = Duration.microseconds(Int64(link.maxTxTime[side] ?? DataLength.initialTime))
            size = min(size, layer.phy[side, default: .le1M].octets(within: time))
        }
        var fragments: [ACLDataPacket] = []
        var offset = 0
        repeat {
            let end = min(offset + size, packet.data.count)
            let boundary: ACLDataPacket.BoundaryFlag =
                offset == 0 && packet.boundary.isFirst ? .firstFlushable : .continuing
            let data = end - offset == packet.data.count ? packet.data : Array(packet.data[offset..<end])
            fragments.append(ACLDataPacket(handle: link.handle(side.opposite), boundary: boundary, data: data))
            offset = end
        } while offset < packet.data.count
        guard link.layer == nil else {
            enqueue(fragments, on: link, from: side)
            return nil
        }
        heldACL[receiver, default: []].append(HeldACL(link: link.id, sender: side, fragments: fragments))
        return receiver
    }

    /// Delivers held ACL to a host, in order, while its queue has room (counting what this call released); each
    /// sender hears one Number Of Completed Packets event for what was delivered. The caller flushes the outbox.
    func releaseHeldACL(to receiverID: ControllerID) {
        var completed = CompletedPacketTally()
        defer {
            for (sender, event) in completed.events { emit(event, to: sender) }
        }
        var released = 0
        while let held = heldACL[receiverID]?.first {
            guard let receiver = controllers[receiverID], let link = links[held.link],
                let sender = controllers[link.controller(held.sender)]
            else {
                heldACL[receiverID]?.removeFirst()
                continue
            }
            guard receiver.queue.hasRoomForACL(released + held.fragments.count) else { return }
            heldACL[receiverID]?.removeFirst()
            for fragment in held.fragments {
                outbox.append(Outgoing(controller: receiverID, packet: .acl(fragment), kind: .acl))
            }
            released += held.fragments.count
            sender.aclPacketsInFlight -= 1
            completed.count(link.handle(held.sender), of: sender)
        }
    }
}
