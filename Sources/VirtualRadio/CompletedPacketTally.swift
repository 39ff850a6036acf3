import HCI

/// The ACL packets delivered for each sending controller while a batch is handled, so that each sender hears
/// one Number Of Completed Packets event for the batch instead of one per packet.
struct CompletedPacketTally {
    /// The packets one sender completed on one of its connections.
    private struct Count {
        let sender: ControllerState
        let handle: ConnectionHandle
        var packets: UInt16

        var entry: NumberOfCompletedPacketsEvent.Entry {
            .init(handle: handle, completedPackets: packets)
        }
    }

    /// The counts in the order first counted. The first is kept apart, so that the usual batch, on one link,
    /// allocates nothing here.
    private var first: Count?
    private var rest: [Count] = []

    /// Counts one packet of `sender`'s on its connection `handle` as completed.
    mutating func count(_ handle: ConnectionHandle, of sender: ControllerState) {
        guard let counted = first else {
            first = Count(sender: sender, handle: handle, packets: 1)
            return
        }
        if counted.sender === sender, counted.handle == handle {
            first?.packets += 1
        } else if let index = rest.firstIndex(where: { $0.sender === sender && $0.handle == handle }) {
            rest[index].packets += 1
        } else {
            rest.append(Count(sender: sender, handle: handle, packets: 1))
        }
    }

    /// Hands each sender the events it is owed, in the order the senders were first counted; at most 63
    /// connections per event.
    func forEachEvent(_ body: (_ sender: ControllerState, _ event: NumberOfCompletedPacketsEvent) -> Void) {
        guard let first else { return }
        guard !rest.isEmpty else {
            body(first.sender, NumberOfCompletedPacketsEvent(entries: [first.entry]))
            return
        }
        var pending = [first] + rest
        while let sender = pending.first?.sender {
            let entries = pending.filter { $0.sender === sender }.map(\.entry)
            pending.removeAll { $0.sender === sender }
            for event in NumberOfCompletedPacketsEvent.reporting(entries) { body(sender, event) }
        }
    }
}

extension NumberOfCompletedPacketsEvent {
    /// The events that report `entries`, in order, at most 63 connections each (the event's one-byte count).
    static func reporting(_ entries: [Entry]) -> [NumberOfCompletedPacketsEvent] {
        stride(from: 0, to: entries.count, by: 63).map {
            NumberOfCompletedPacketsEvent(entries: Array(entries[$0..<min($0 + 63, entries.count)]))
        }
    }
}
