import HCI
import Host
import HostTestSupport
import Testing

@Suite("A host's event handler", .timeLimit(.minutes(2)))
struct HostEventHandlerTests {
    static let echo = GATTFixtures.handle(0x19)

    @Test("hears a link's notifications in the order the peer sent them, nothing lost, then the disconnection")
    func notificationsThenDisconnection() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        let vendor = try #require(
            try await pair.central.discoverPrimaryServices(on: link.handle, uuid: GATTFixtures.vendorService).first)
        let echo = try #require(try await pair.central.discoverCharacteristics(of: vendor, on: link.handle).first)
        try await pair.central.configureUpdates(.notification, of: echo, on: link.handle)
        try await pair.peripheralEvents.next { event -> Bool? in
            guard case .server(.subscriptionChanged(_, Self.echo, .notification)) = event else { return nil }
            return true
        }

        let (heard, sink) = AsyncStream.makeStream(of: HostEvent.self)
        await pair.central.handleEvents(
            with: HostEventHandler(event: { sink.yield($0) }, ended: { sink.finish() }))
        for value: UInt8 in 1...5 {
            #expect(await pair.peripheral.updateValue([value], for: Self.echo))
        }
        var events: [HostEvent] = []
        var iterator = heard.makeAsyncIterator()
        while events.count < 5, let event = await iterator.next() { events.append(event) }
        try await pair.central.disconnect(link.handle)
        while let event = await iterator.next() {
            events.append(event)
            if case .disconnected = event { break }
        }
        #expect(
            events
                == (1...5).map { .notification(link.handle, handle: Self.echo, value: [$0]) }
                + [.disconnected(link.handle, reason: .connectionTerminatedByLocalHost)])
        await pair.stop()
    }
}
