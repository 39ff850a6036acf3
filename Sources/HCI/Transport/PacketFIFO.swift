/// A first-in, first-out run of packets that hands out batches from the front without moving the rest
/// on every take. When it hands out everything it holds, it starts again with room for as many, so that a
/// steady stream of bursts does not regrow the array from one element on every burst.
public struct PacketFIFO: Sendable {
    private var packets: [HCIPacket] = []
    private var head = 0

    /// Makes an empty queue.
    public init() {}

    /// How many packets wait.
    public var count: Int { packets.count - head }

    /// Adds a packet at the back.
    public mutating func append(_ packet: consuming HCIPacket) {
        packets.append(packet)
    }

    /// Adds packets at the back, in order.
    public mutating func append(contentsOf more: [HCIPacket]) {
        packets.append(contentsOf: more)
    }

    /// Drops every packet.
    public mutating func removeAll() {
        packets = []
        head = 0
    }

    /// Takes up to `limit` packets from the front, oldest first; none when the queue is empty.
    public mutating func pop(upTo limit: Int) -> [HCIPacket] {
        guard head < packets.count else { return [] }
        if head == 0, limit >= packets.count { return packets.takeAllKeepingRoom() }
        let end = head + min(limit, packets.count - head)
        let taken = Array(packets[head..<end])
        head = end
        if head == packets.count {
            packets.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= packets.count {
            packets.removeFirst(head)
            head = 0
        }
        return taken
    }
}
