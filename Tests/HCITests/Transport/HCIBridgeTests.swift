import Testing

@testable import HCI

@Suite("Bridge between two transports", .timeLimit(.minutes(2)))
struct HCIBridgeTests {
    @Test("packets cross the bridge whole and in order, both ways")
    func forwardsBothWays() async throws {
        let (host, hostSide) = InProcessTransport.pair()
        let (controllerSide, controller) = InProcessTransport.pair()
        let bridge = Task { await HCIBridge.run(hostSide, controllerSide) }
        try await TransportFixtures.exchange(
            host, controller, outbound: TransportFixtures.varied(count: 200),
            inbound: TransportFixtures.varied(count: 150).reversed())
        await host.close()
        await bridge.value
    }

    @Test("when one side ends, the bridge closes the other and returns")
    func endClosesOtherSide() async throws {
        let (host, hostSide) = InProcessTransport.pair()
        let (controllerSide, controller) = InProcessTransport.pair()
        let bridge = Task { await HCIBridge.run(hostSide, controllerSide) }
        try await host.send(TransportFixtures.reset)
        await host.close()
        var received: [HCIPacket] = []
        for try await packet in controller.incoming { received.append(packet) }
        #expect(received == [TransportFixtures.reset])
        await bridge.value
        await #expect(throws: TransportError.closed) { try await controller.send(TransportFixtures.resetComplete) }
    }
}
