import HCI
import Synchronization
import Testing

@testable import Host

@Suite("Host events reach one consumer in order", .timeLimit(.minutes(1)))
struct HostEventRelayTests {
    /// A consumer that records what it hears, in order; `nil` stands for the end.
    final class Consumer: Sendable {
        private let heard = Mutex<[HostEvent?]>([])
        var events: [HostEvent?] { heard.withLock { $0 } }
        var handler: HostEventHandler {
            HostEventHandler(
                event: { event in self.heard.withLock { $0.append(event) } },
                ended: { self.heard.withLock { $0.append(nil) } })
        }
    }

    static func event(_ n: Int) -> HostEvent {
        .mtuChanged(ConnectionHandle(rawValue: 1), mtu: n)
    }

    @Test("events that came before the consumer attached reach it first, in order, then each later one")
    func waitingEventsFirst() {
        var relay = HostEventRelay(limit: 8)
        let kept1 = relay.emit(Self.event(1))
        #expect(kept1)
        let kept2 = relay.emit(Self.event(2))
        #expect(kept2)
        let consumer = Consumer()
        relay.attach(consumer.handler)
        #expect(consumer.events == [Self.event(1), Self.event(2)])
        let kept3 = relay.emit(Self.event(3))
        #expect(kept3)
        #expect(consumer.events == [Self.event(1), Self.event(2), Self.event(3)])
    }

    @Test("past the limit, events waiting for a consumer are dropped: the oldest stay")
    func boundedWhileWaiting() {
        var relay = HostEventRelay(limit: 2)
        let kept4 = relay.emit(Self.event(1))
        #expect(kept4)
        let kept5 = relay.emit(Self.event(2))
        #expect(kept5)
        let kept6 = relay.emit(Self.event(3))
        #expect(!kept6)
        let consumer = Consumer()
        relay.attach(consumer.handler)
        #expect(consumer.events == [Self.event(1), Self.event(2)])
    }

    @Test("a host that stopped before its consumer attached hands it the waiting events, then the end")
    func endBeforeAttach() {
        var relay = HostEventRelay(limit: 8)
        let kept7 = relay.emit(Self.event(1))
        #expect(kept7)
        relay.finish()
        let kept8 = relay.emit(Self.event(2))
        #expect(kept8)
        let consumer = Consumer()
        relay.attach(consumer.handler)
        #expect(consumer.events == [Self.event(1), nil])
        let late = Consumer()
        relay.attach(late.handler)
        #expect(late.events == [nil])
    }

    @Test("a second consumer ends the first; later events reach the second only, and the end once")
    func secondConsumerEndsFirst() {
        var relay = HostEventRelay(limit: 8)
        let first = Consumer()
        relay.attach(first.handler)
        let kept9 = relay.emit(Self.event(1))
        #expect(kept9)
        let second = Consumer()
        relay.attach(second.handler)
        let kept10 = relay.emit(Self.event(2))
        #expect(kept10)
        relay.finish()
        relay.finish()
        let kept11 = relay.emit(Self.event(3))
        #expect(kept11)
        #expect(first.events == [Self.event(1), nil])
        #expect(second.events == [Self.event(2), nil])
    }
}
