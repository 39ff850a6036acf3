import HCI

/// One host ACL packet as the link layer carries it: cut into fragments of at most `size` octets (at least one),
/// each addressed with the receiving host's connection handle. A packet that fits one fragment keeps its payload
/// as it is; the fragments are cut as they are taken, so holding a packet costs no copy.
///
/// Bluetooth Core Specification Vol 6, Part B, 2.4 (data channel PDUs) and Vol 4, Part E, 5.4.2 (the first
/// fragment carries the packet's start, flagged automatically flushable).
struct LinkFragments: Sequence {
    let packet: ACLDataPacket
    let size: Int
    let handle: ConnectionHandle

    /// How many fragments the packet takes.
    var count: Int { Swift.max(1, (packet.data.count + size - 1) / size) }

    func makeIterator() -> Iterator {
        Iterator(fragments: self)
    }

    /// Cuts the fragments in order.
    struct Iterator: IteratorProtocol {
        let fragments: LinkFragments
        var offset = 0
        var done = false

        mutating func next() -> ACLDataPacket? {
            guard !done else { return nil }
            let data = fragments.packet.data
            let end = Swift.min(offset + fragments.size, data.count)
            let boundary: ACLDataPacket.BoundaryFlag =
                offset == 0 && fragments.packet.boundary.isFirst ? .firstFlushable : .continuing
            let payload = end - offset == data.count ? data : Array(data[offset..<end])
            offset = end
            done = offset >= data.count
            return ACLDataPacket(handle: fragments.handle, boundary: boundary, data: payload)
        }
    }
}
