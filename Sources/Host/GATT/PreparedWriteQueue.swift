/// One connection's Prepare Write Requests waiting for an Execute Write Request, bounded in entries and bytes.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.
struct PreparedWriteQueue: Sendable {
    /// One queued part of a value.
    struct Entry: Hashable, Sendable {
        var handle: AttributeHandle
        var offset: Int
        var value: [UInt8]
    }

    let entryLimit: Int
    let byteLimit: Int
    private(set) var entries: [Entry] = []
    private(set) var byteCount = 0

    init(entryLimit: Int, byteLimit: Int) {
        self.entryLimit = entryLimit
        self.byteLimit = byteLimit
    }

    /// Queues `entry`; false, leaving the queue as it was, when it would pass a limit.
    mutating func append(_ entry: Entry) -> Bool {
        guard entries.count < entryLimit, byteCount + entry.value.count <= byteLimit else { return false }
        entries.append(entry)
        byteCount += entry.value.count
        return true
    }

    /// Empties the queue and returns what it held, in order.
    mutating func takeAll() -> [Entry] {
        defer {
            entries = []
            byteCount = 0
        }
        return entries
    }
}
