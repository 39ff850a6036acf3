import HCI
import Testing

@testable import Host

@Suite("Transmit backlog: congestion where PDUs wait for controller buffers", .timeLimit(.minutes(1)))
struct TransmitBacklogTests {
    let link = ConnectionHandle(rawValue: 0x40)
    let other = ConnectionHandle(rawValue: 0x41)

    @Test("a link is congested at the high-water mark, stays so until the low-water mark, and is reported drained once")
    func congestionAndDrain() {
        var backlog = TransmitBacklog()
        for _ in 0..<TransmitBacklog.highWater - 1 { backlog.queued(on: link) }
        let belowMark = backlog.isCongested(link)
        backlog.queued(on: link)
        let atMark = backlog.isCongested(link)
        let otherLink = backlog.isCongested(other)
        var drains: [Bool] = []
        var congestion: [Bool] = []
        while backlog.pending(on: link) > 0 {
            drains.append(backlog.sent(on: link))
            congestion.append(backlog.isCongested(link))
        }
        let drainedAt = TransmitBacklog.highWater - TransmitBacklog.lowWater - 1
        #expect(!belowMark && atMark && !otherLink)
        #expect(drains == (0..<TransmitBacklog.highWater).map { $0 == drainedAt })
        #expect(congestion == (0..<TransmitBacklog.highWater).map { $0 < drainedAt })
    }

    @Test("a link that was never found congested is not reported drained, and a removed link is forgotten")
    func quietLinks() {
        var backlog = TransmitBacklog()
        for _ in 0..<TransmitBacklog.highWater { backlog.queued(on: link) }
        let unaskedDrain = backlog.sent(on: link)
        _ = backlog.isCongested(link)
        backlog.removeLink(link)
        let removedDrain = backlog.sent(on: link)
        #expect(!unaskedDrain && !removedDrain)
        #expect(backlog.pending(on: link) == 0)
    }
}
