/// One connection's notifications and indications waiting to be sent, bounded in the count of application updates.
struct TransmitQueue: Sendable {
    /// One value to send.
    struct Item: Hashable, Sendable {
        var handle: AttributeHandle
        var value: [UInt8]
        var isIndication: Bool
        /// Whether the server queued the item itself (Service Changed), past the capacity and outside its count.
        var isServiceChanged = false
    }

    let capacity: Int
    private(set) var items: [Item] = []
    /// The items that came from the application, the ones the capacity bounds.
    private(set) var updateCount = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether another application update would pass the capacity.
    var isFull: Bool { updateCount >= capacity }

    /// Queues `item`; a Service Changed indication goes in even past the capacity.
    mutating func append(_ item: Item) {
        items.append(item)
        if !item.isServiceChanged { updateCount += 1 }
    }

    /// Takes the item at `index` out of the queue.
    mutating func remove(at index: Int) -> Item {
        let item = items.remove(at: index)
        if !item.isServiceChanged { updateCount -= 1 }
        return item
    }
}
