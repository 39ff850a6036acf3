import Testing

@testable import HCI

@Suite("Packet batch queue", .timeLimit(.minutes(1)))
struct PacketBatchQueueTests {
    @Test("packets pushed while the consumer is away are taken as one batch, in order")
    func oneBatch() async {
        let queue = PacketBatchQueue()
        let packets = TransportFixtures.varied(count: 5)
        for packet in packets { queue.push(packet) }
        #expect(await queue.next() == packets)
    }

    @Test("a waiting consumer wakes for a push; after finish it takes what is left, then nil")
    func wakesAndFinishes() async {
        let queue = PacketBatchQueue()
        async let first = queue.next()
        queue.push(TransportFixtures.reset)
        #expect(await first == [TransportFixtures.reset])
        queue.push(TransportFixtures.resetComplete)
        queue.finish()
        queue.push(TransportFixtures.reset)
        #expect(await queue.next() == [TransportFixtures.resetComplete])
        #expect(await queue.next() == nil)
    }
}
