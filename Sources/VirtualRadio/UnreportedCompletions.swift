import HCI

/// The packets a controller's host sent that were delivered but not yet reported to it with Number Of Completed
/// Packets, per connection, while the controller holds the report back (``VirtualControllerConfiguration/completedPacketsDelay``).
struct UnreportedCompletions {
    private var entries: [NumberOfCompletedPacketsEvent.Entry] = []
    /// How many packets wait to be reported, on all connections.
    private(set) var total = 0

    /// Whether nothing waits to be reported.
    var isEmpty: Bool { total == 0 }

    /// Adds what an event would have reported.
    mutating func add(_ event: NumberOfCompletedPacketsEvent) {
        for entry in event.entries {
            total += Int(entry.completedPackets)
            if let index = entries.firstIndex(where: { $0.handle == entry.handle }) {
                entries[index].completedPackets += entry.completedPackets
            } else {
                entries.append(entry)
            }
        }
    }

    /// Forgets a connection's packets: once it ended, its host counts them as flushed (Vol 4, Part E, 4.1.1).
    mutating func drop(_ handle: ConnectionHandle) {
        guard let index = entries.firstIndex(where: { $0.handle == handle }) else { return }
        total -= Int(entries.remove(at: index).completedPackets)
    }

    /// The events that report everything waiting, at most 63 connections each; afterwards nothing waits.
    mutating func take() -> [NumberOfCompletedPacketsEvent] {
        defer {
            entries.removeAll()
            total = 0
        }
        return NumberOfCompletedPacketsEvent.reporting(entries)
    }
}
