import HCI

/// A count per link, for the few links a host has at once: a short array searched in order, which costs less
/// than hashing the handle on every packet. Links with a count of zero are not kept.
struct LinkCounters {
    private var entries: [(handle: ConnectionHandle, count: Int)] = []

    /// The count on `handle`, zero when it has none; setting zero forgets the link.
    subscript(handle: ConnectionHandle) -> Int {
        get {
            for entry in entries where entry.handle == handle { return entry.count }
            return 0
        }
        set {
            guard let index = entries.firstIndex(where: { $0.handle == handle }) else {
                if newValue != 0 { entries.append((handle, newValue)) }
                return
            }
            if newValue == 0 {
                entries.remove(at: index)
            } else {
                entries[index].count = newValue
            }
        }
    }
}
