/// One connection's notifications and indications waiting to be sent, bounded in count.
struct TransmitQueue: Sendable {
    /// One value to send.
    struct Item: Hashable, Sendable {
        var handle: AttributeHandle
        var value: [UInt8]
        var isIndication: Bool
    }

    let capacity: Int
    private(set) var items: [Item] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether another update would pass the capacity.
    var isFull: Bool { items.count >= capacity }

    /// The next item to send.
    var first: Item? { items.first }

    /// Queues `item` even past the capacity, for the server's own Service Changed indications.
    mutating func append(_ item: Item) {
        items.append(item)
    }

    mutating func removeFirst() {
        items.removeFirst()
    }
}
