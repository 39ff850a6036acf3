import HCI

/// Per link, the L2CAP PDUs queued for the controller and not yet wholly handed to it, and which links
/// were found at the high-water mark, so that they are told once they drain.
///
/// Notifications and writes without response are refused on a link at the mark (as iOS's
/// `updateValue` returns false); everything else is queued regardless, bounded by its own protocol.
/// A link found at the mark stays congested until its backlog falls to the low-water mark, so that the
/// sender it then wakes has room for a batch, not for one PDU at a time.
struct TransmitBacklog {
    /// The PDUs waiting on a link at which it stops taking notifications and writes without response.
    static let highWater = 8

    /// The PDUs waiting on a congested link at which it takes them again and is reported drained.
    static let lowWater = highWater / 2

    private var waiting = LinkTable<Int>()
    private var congested: [ConnectionHandle] = []

    /// PDUs queued and not wholly handed to the controller on `handle`.
    func pending(on handle: ConnectionHandle) -> Int { waiting[handle, default: 0] }

    /// Counts a PDU queued on `handle`.
    mutating func queued(on handle: ConnectionHandle) {
        waiting[handle, default: 0] += 1
    }

    /// Counts a PDU whose last fragment went to the controller; true when the link had been found
    /// congested and has now drained to the low-water mark.
    mutating func sent(on handle: ConnectionHandle) -> Bool {
        let remaining = max(0, waiting[handle, default: 0] - 1)
        waiting[handle] = remaining == 0 ? nil : remaining
        guard remaining <= Self.lowWater, let index = congested.firstIndex(of: handle) else { return false }
        congested.remove(at: index)
        return true
    }

    /// Whether `handle` is congested: at the mark now, or found there and not yet drained to the low-water
    /// mark. A congested link is remembered, to be told when it drains.
    mutating func isCongested(_ handle: ConnectionHandle) -> Bool {
        if congested.contains(handle) { return true }
        guard waiting[handle, default: 0] >= Self.highWater else { return false }
        congested.append(handle)
        return true
    }

    /// Forgets a link that has gone.
    mutating func removeLink(_ handle: ConnectionHandle) {
        waiting[handle] = nil
        congested.removeAll { $0 == handle }
    }
}
