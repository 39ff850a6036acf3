import HCI
import Testing

@testable import VirtualRadio

@Suite("Completed packet tally: one Number Of Completed Packets event per sender and batch", .timeLimit(.minutes(1)))
struct CompletedPacketTallyTests {
    private let listeners = Listeners()

    private func controller(_ id: UInt64) -> ControllerState {
        ControllerState(
            id: ControllerID(rawValue: id), configuration: VirtualControllerConfiguration(),
            queue: HostQueue(capacity: 8, roomAvailable: {}), listeners: listeners)
    }

    /// The events the tally hands out, as (sender, entries) in order.
    private func events(of tally: CompletedPacketTally) -> [(UInt64, [NumberOfCompletedPacketsEvent.Entry])] {
        var events: [(UInt64, [NumberOfCompletedPacketsEvent.Entry])] = []
        tally.forEachEvent { sender, event in events.append((sender.id.rawValue, event.entries)) }
        return events
    }

    private func entry(_ handle: UInt16, _ packets: UInt16) -> NumberOfCompletedPacketsEvent.Entry {
        .init(handle: ConnectionHandle(rawValue: handle), completedPackets: packets)
    }

    @Test("nothing counted, no event; one link counted several times, one entry with the sum")
    func oneLink() {
        let a = controller(1)
        var tally = CompletedPacketTally()
        #expect(events(of: tally).isEmpty)
        for _ in 0..<3 { tally.count(ConnectionHandle(rawValue: 0x40), of: a) }
        let heard = events(of: tally)
        #expect(heard.count == 1 && heard.first?.0 == 1 && heard.first?.1 == [entry(0x40, 3)])
    }

    @Test("several senders and links: one event per sender in the order first counted, its links in order")
    func severalSenders() {
        let (a, b) = (controller(1), controller(2))
        var tally = CompletedPacketTally()
        tally.count(ConnectionHandle(rawValue: 0x40), of: a)
        tally.count(ConnectionHandle(rawValue: 0x41), of: b)
        tally.count(ConnectionHandle(rawValue: 0x42), of: a)
        tally.count(ConnectionHandle(rawValue: 0x40), of: a)
        tally.count(ConnectionHandle(rawValue: 0x41), of: b)
        let heard = events(of: tally)
        #expect(heard.map(\.0) == [1, 2])
        #expect(heard.first?.1 == [entry(0x40, 2), entry(0x42, 1)])
        #expect(heard.last?.1 == [entry(0x41, 2)])
    }

    @Test("a sender with more than 63 links hears several events of at most 63 entries")
    func manyLinks() {
        let a = controller(1)
        var tally = CompletedPacketTally()
        for handle in 0..<UInt16(130) { tally.count(ConnectionHandle(rawValue: handle), of: a) }
        let heard = events(of: tally)
        #expect(heard.map(\.1.count) == [63, 63, 4])
        #expect(heard.flatMap(\.1) == (0..<UInt16(130)).map { entry($0, 1) })
    }
}
