/// The air's one ordered queue of timer deadlines: a binary min-heap, earliest deadline first, ties in the
/// order they were scheduled, so every run of the same inputs fires timers in the same order.
///
/// Entries are never removed early: a cancelled or replaced timer stays until its deadline and is then
/// recognised as stale by its token (see ``Air``'s timers).
/// Whose timer a deadline is: a controller's (named by its key) or a connection's event timer.
enum TimerOwner: Hashable {
    case controller(ControllerID, ControllerState.TimerKey)
    case link(UInt64)
}

struct DeadlineQueue {
    /// One scheduled timer of one controller.
    struct Entry {
        /// When it fires, as time elapsed on the air's clock.
        var deadline: Duration
        /// Unique and increasing: orders ties and tells a live timer from a replaced one.
        var token: UInt64
        var owner: TimerOwner

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : token < other.token
        }
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    /// The earliest entry.
    var first: Entry? { heap.first }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry.
    mutating func removeFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
