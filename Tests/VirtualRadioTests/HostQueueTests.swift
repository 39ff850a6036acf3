import HCI
import Synchronization
import Testing

@testable import VirtualRadio

@Suite("The bounded queue between a virtual controller and its host", .timeLimit(.minutes(2)))
struct HostQueueTests {
    private func event(_ byte: UInt8) -> HCIPacket {
        .event(HCIEventPacket(code: HCIEventCode(rawValue: 0xFF), parameters: [byte]))
    }

    /// Pushes `count` events, numbered from 0.
    private func fill(_ queue: HostQueue, with count: Int) {
        for index in 0..<count {
            _ = queue.push(event(UInt8(index)), kind: .event)
        }
    }

    @Test("Reports are dropped past half the capacity; other events overflow only at full capacity")
    func limits() {
        let queue = HostQueue(capacity: 8) {}
        for index in 0..<4 {
            #expect(queue.push(event(UInt8(index)), kind: .report) == .queued)
        }
        #expect(queue.push(event(4), kind: .report) == .dropped)
        for index in 4..<8 {
            #expect(queue.push(event(UInt8(index)), kind: .event) == .queued)
        }
        #expect(queue.push(event(8), kind: .event) == .overflowed)
        #expect(queue.count == 8)
    }

    @Test("A burst is queued in order under the same limits, reports whether any packet overflowed, and is taken whole")
    func burst() async throws {
        let queue = HostQueue(capacity: 8) {}
        let burst = (0..<10).map { (event(UInt8($0)), HostQueue.Kind.event) }
        #expect(!queue.push(burst.prefix(6)))
        #expect(queue.push(burst.dropFirst(6)))
        #expect(try await queue.nextBatch() == (0..<8).map { event(UInt8($0)) })
    }

    @Test("Held-back ACL is signalled once the host drains the queue below three quarters")
    func roomSignal() async throws {
        let signals = Mutex(0)
        let queue = HostQueue(capacity: 8) { signals.withLock { $0 += 1 } }
        fill(queue, with: 6)
        #expect(!queue.hasRoomForACL(1))
        _ = try await queue.next()
        #expect(signals.withLock { $0 } == 1)
        #expect(queue.hasRoomForACL(1))
    }

    @Test("A burst of ACL asks for room once: it gets what fits below three quarters, and a signal when it fell short")
    func roomForBurst() async throws {
        let signals = Mutex(0)
        let queue = HostQueue(capacity: 8) { signals.withLock { $0 += 1 } }
        fill(queue, with: 4)
        #expect(queue.roomForACL(upTo: 2) == 2)
        _ = try await queue.next()
        #expect(signals.withLock { $0 } == 0)
        #expect(queue.roomForACL(upTo: 5) == 3)
        _ = try await queue.next()
        #expect(signals.withLock { $0 } == 1)
        queue.finish()
        #expect(queue.roomForACL(upTo: 9) == 9)
    }

    @Test("A failed queue throws at once; a finished one delivers what it holds, then ends")
    func finishing() async throws {
        let failed = HostQueue(capacity: 8) {}
        _ = failed.push(event(1), kind: .event)
        failed.finish(failure: .io("stuck"))
        await #expect(throws: TransportError.io("stuck")) { try await failed.next() }
        let finished = HostQueue(capacity: 8) {}
        _ = finished.push(event(1), kind: .event)
        finished.finish()
        #expect(try await finished.next() == event(1))
        #expect(try await finished.next() == nil)
        #expect(finished.push(event(2), kind: .event) == .dropped)
    }

    @Test("A host that stops reading is dropped from the air; its peer sees Connection Timeout")
    func stuckHostLeavesTheAir() async throws {
        let air = Air(clock: ManualClock())
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let lazy = try await TestHost.make(
            on: air, configuration: .init(hostQueueCapacity: 8), randomAddress: Addresses.second)
        let handles = try await central.connect(to: lazy)
        for interval in UInt16(0x0018)..<0x0024 {
            let status = try await central.start(
                LEConnectionUpdateCommand(
                    handle: handles.central, connectionIntervalMin: interval, connectionIntervalMax: interval,
                    maxLatency: 0, supervisionTimeout: 0x01F4, minCELength: 0, maxCELength: 0))
            if status == .unknownConnectionIdentifier { break }
        }
        let disconnection = try await central.expectDisconnection()
        #expect(disconnection.reason == .connectionTimeout)
        #expect(await air.controllerCount == 1)
        await #expect(throws: TransportError.self) {
            for _ in 0..<100 { _ = try await lazy.nextPacket() }
        }
    }
}
