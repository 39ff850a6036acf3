import HCI
import Testing

@testable import Host

@Suite("Command flow control (Num_HCI_Command_Packets)", .timeLimit(.minutes(2)))
struct CommandQueueTests {
    private func entry(_ id: UInt64, ocf: UInt16) -> CommandQueue.Entry {
        .init(id: id, packet: HCICommandPacket(opcode: HCIOpcode(ogf: 0x08, ocf: ocf), parameters: []))
    }

    @Test("only as many commands go out as the controller has credits for")
    func honoursCredits() throws {
        var queue = CommandQueue()
        let sent = try [queue.submit(entry(1, ocf: 1)), queue.submit(entry(2, ocf: 2)), queue.submit(entry(3, ocf: 3))]
        #expect(sent.map { $0.map(\.id) } == [[1], [], []])
        #expect(queue.credits == 0)
        let (answered, send) = queue.answered(opcode: HCIOpcode(ogf: 0x08, ocf: 1), credits: 2)
        #expect(answered == 1)
        #expect(send.map(\.id) == [2, 3])
        #expect(queue.credits == 0)
    }

    @Test("an answer is matched to the oldest outstanding command with its opcode")
    func matchesByOpcode() throws {
        var queue = CommandQueue()
        _ = queue.answered(opcode: .noOperation, credits: 3)
        _ = try queue.submit(entry(1, ocf: 1))
        _ = try queue.submit(entry(2, ocf: 2))
        _ = try queue.submit(entry(3, ocf: 1))
        let answers = [2, 1, 1, 1].map { queue.answered(opcode: HCIOpcode(ogf: 0x08, ocf: $0), credits: 1).answered }
        #expect(answers == [2, 1, 3, nil])
    }

    @Test("a No-Op Command Complete with zero credits stops sending until credits return")
    func zeroCredits() throws {
        var queue = CommandQueue()
        _ = queue.answered(opcode: .noOperation, credits: 0)
        let sentWithoutCredit = try queue.submit(entry(1, ocf: 1))
        #expect(sentWithoutCredit.isEmpty)
        let sentWithCredit = queue.answered(opcode: .noOperation, credits: 1).send
        #expect(sentWithCredit.map(\.id) == [1])
    }

    @Test("abandoning an unanswered command returns its credit so later commands still go out")
    func abandonReturnsCredit() throws {
        var queue = CommandQueue()
        _ = try queue.submit(entry(1, ocf: 1))
        _ = try queue.submit(entry(2, ocf: 2))
        let sent = queue.abandon(id: 1)
        #expect(sent.map(\.id) == [2])
        #expect(queue.outstanding.map(\.id) == [2])
    }

    @Test("a command that timed out waiting for a credit gives the queue one, so later commands still go out")
    func abandonWaitingAssumesCredit() throws {
        var queue = CommandQueue()
        _ = queue.answered(opcode: .noOperation, credits: 0)
        _ = try queue.submit(entry(1, ocf: 1))
        _ = try queue.submit(entry(2, ocf: 2))
        #expect(queue.abandon(id: 1).map(\.id) == [2])
    }

    @Test("a Reset Complete nobody asked for sends the outstanding command again before the waiting ones")
    func spontaneousReset() throws {
        var queue = CommandQueue()
        _ = try queue.submit(entry(1, ocf: 1))
        _ = try queue.submit(entry(2, ocf: 2))
        let (answered, send) = queue.answered(opcode: ResetCommand.opcode, credits: 1)
        #expect(answered == nil)
        #expect(send.map(\.id) == [1])
        let next = queue.answered(opcode: HCIOpcode(ogf: 0x08, ocf: 1), credits: 1)
        #expect(next.answered == 1 && next.send.map(\.id) == [2])
    }

    @Test("the waiting queue is bounded")
    func bounded() throws {
        var queue = CommandQueue(capacity: 2)
        _ = queue.answered(opcode: .noOperation, credits: 0)
        _ = try queue.submit(entry(1, ocf: 1))
        _ = try queue.submit(entry(2, ocf: 1))
        #expect(throws: HCIError.queueFull) { try queue.submit(entry(3, ocf: 1)) }
    }
}

@Suite("ACL flow control (LE buffers and Number Of Completed Packets)", .timeLimit(.minutes(2)))
struct ACLFlowControlTests {
    let a = ConnectionHandle(rawValue: 1)
    let b = ConnectionHandle(rawValue: 2)

    @Test("never more packets in flight than the controller has buffers")
    func neverExceedsBuffers() {
        var flow = ACLFlowControl(bufferCount: 2)
        let taken = [flow.take(for: a), flow.take(for: b), flow.take(for: a)]
        #expect(taken == [true, true, false])
        let freed = flow.completed(1, on: b)
        #expect(freed == 1)
        let retaken = flow.take(for: a)
        #expect(retaken)
        #expect(flow.inFlight(on: a) == 2)
    }

    @Test("completed counts beyond what is in flight on that handle free nothing extra")
    func bogusCounts() {
        var flow = ACLFlowControl(bufferCount: 3)
        _ = flow.take(for: a)
        let freedOnA = flow.completed(5, on: a)
        let freedOnB = flow.completed(1, on: b)
        #expect(freedOnA == 1)
        #expect(freedOnB == 0)
        #expect(flow.available == 3)
    }

    @Test("a disconnection frees the buffers its packets held")
    func disconnectionFrees() {
        var flow = ACLFlowControl(bufferCount: 2)
        _ = flow.take(for: a)
        _ = flow.take(for: a)
        let freed = flow.disconnected(a)
        #expect(freed == 2)
        #expect(flow.available == 2)
        #expect(flow.inFlight(on: a) == 0)
    }
}
