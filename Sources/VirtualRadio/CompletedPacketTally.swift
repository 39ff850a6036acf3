import HCI

/// The ACL packets delivered for each sending controller while a batch is handled, so that each sender hears
/// one Number Of Completed Packets event for the batch instead of one per packet.
struct CompletedPacketTally {
    private var senders: [(controller: ControllerState, entries: [NumberOfCompletedPacketsEvent.Entry])] = []

    /// Counts one packet of `sender`'s on its connection `handle` as completed.
    mutating func count(_ handle: ConnectionHandle, of sender: ControllerState) {
        guard let index = senders.firstIndex(where: { $0.controller === sender }) else {
            senders.append((sender, [.init(handle: handle, completedPackets: 1)]))
            return
        }
        if let entry = senders[index].entries.firstIndex(where: { $0.handle == handle }) {
            senders[index].entries[entry].completedPackets += 1
        } else {
            senders[index].entries.append(.init(handle: handle, completedPackets: 1))
        }
    }

    /// Hands each sender the events it is owed, in the order the senders were first counted; at most 63
    /// connections per event.
    func forEachEvent(_ body: (_ sender: ControllerState, _ event: NumberOfCompletedPacketsEvent) -> Void) {
        for (sender, entries) in senders {
            guard entries.count > 63 else {
                body(sender, NumberOfCompletedPacketsEvent(entries: entries))
                continue
            }
            for start in stride(from: 0, to: entries.count, by: 63) {
                body(
                    sender,
                    NumberOfCompletedPacketsEvent(entries: Array(entries[start..<min(start + 63, entries.count)])))
            }
        }
    }
}
