import Testing

@testable import HCI

@Suite("In-process transport pair", .timeLimit(.minutes(2)))
struct InProcessTransportTests {
    @Test("what one end sends the other receives, in order, both ways")
    func order() async throws {
        let (host, controller) = InProcessTransport.pair()
        try await TransportFixtures.exchange(
            host, controller, outbound: TransportFixtures.varied(count: 500),
            inbound: TransportFixtures.varied(count: 300).reversed())
    }

    @Test("closing one end finishes both ends' incoming after what was already sent")
    func close() async throws {
        let (host, controller) = InProcessTransport.pair()
        try await host.send(TransportFixtures.reset)
        await host.close()
        var received: [HCIPacket] = []
        for try await packet in controller.incoming { received.append(packet) }
        #expect(received == [TransportFixtures.reset])
        for try await _ in host.incoming { Issue.record("a closed end received a packet") }
        await #expect(throws: TransportError.closed) { try await host.send(TransportFixtures.reset) }
        await #expect(throws: TransportError.closed) { try await controller.send(TransportFixtures.resetComplete) }
    }

    @Test("a receiver with more unread packets than the bound fails the pair instead of growing")
    func overflow() async throws {
        let (host, controller) = InProcessTransport.pair(capacity: 3)
        for _ in 0..<3 { try await host.send(TransportFixtures.aclData) }
        let overflow = TransportError.io("in-process receive queue overflow: more than 3 packets unread")
        await #expect(throws: overflow) { try await host.send(TransportFixtures.aclData) }
        var received = 0
        await #expect(throws: overflow) {
            for try await _ in controller.incoming { received += 1 }
        }
        #expect(received == 3)
        await #expect(throws: overflow) {
            for try await _ in host.incoming {}
        }
    }
}
