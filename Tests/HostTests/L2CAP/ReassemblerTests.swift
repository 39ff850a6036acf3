import HCI
import Testing

@testable import Host

@Suite("L2CAP reassembly of ACL fragments (Vol 3, Part A, 7.2.2)", .timeLimit(.minutes(2)))
struct ReassemblerTests {
    private let handle = ConnectionHandle(rawValue: 0x0040)

    private func first(_ data: [UInt8], flushable: Bool = false) -> ACLDataPacket {
        ACLDataPacket(handle: handle, boundary: flushable ? .firstFlushable : .firstNonFlushable, data: data)
    }

    private func continuing(_ data: [UInt8]) -> ACLDataPacket {
        ACLDataPacket(handle: handle, boundary: .continuing, data: data)
    }

    @Test("a PDU in one fragment completes at once")
    func singleFragment() throws {
        var reassembler = Reassembler(maximumPDUSize: 64)
        let result = reassembler.received(first(try l2capBytes("03 00 04 00 0a 0b 0c"), flushable: true))
        #expect(result == .complete(BasicFrame(channelID: .att, payload: [0x0A, 0x0B, 0x0C])))
        #expect(!reassembler.isReassembling)
        #expect(reassembler.bufferedByteCount == 0)
    }

    @Test("a PDU split into many fragments completes on the last one")
    func manyFragments() {
        var reassembler = Reassembler(maximumPDUSize: 512)
        let payload = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        let pdu = BasicFrame(channelID: .leSignaling, payload: payload).encoded
        let fragments = stride(from: 0, to: pdu.count, by: 27).map { Array(pdu[$0..<min($0 + 27, pdu.count)]) }
        #expect(fragments.count == 12)
        var results = [reassembler.received(first(fragments[0]))]
        results += fragments.dropFirst().map { reassembler.received(continuing($0)) }
        #expect(results.dropLast().allSatisfy { $0 == .incomplete })
        #expect(results.last == .complete(BasicFrame(channelID: .leSignaling, payload: payload)))
    }

    @Test("a basic L2CAP header split across fragments is accumulated before its length is read")
    func headerSplit() {
        var reassembler = Reassembler(maximumPDUSize: 16)
        #expect(reassembler.received(first([])) == .incomplete)
        #expect(reassembler.received(continuing([0x02])) == .incomplete)
        #expect(reassembler.received(continuing([0x00, 0x06])) == .incomplete)
        #expect(reassembler.bufferedByteCount == 3)
        #expect(reassembler.received(continuing([0x00, 0xAA])) == .incomplete)
        #expect(
            reassembler.received(continuing([0xBB])) == .complete(BasicFrame(channelID: .smp, payload: [0xAA, 0xBB])))
    }

    @Test("the rest of a split header and the whole payload may arrive in one fragment")
    func headerSplitThenPayload() {
        var reassembler = Reassembler(maximumPDUSize: 16)
        #expect(reassembler.received(first([0x01])) == .incomplete)
        #expect(
            reassembler.received(continuing([0x00, 0x04, 0x00, 0x7F]))
                == .complete(BasicFrame(channelID: .att, payload: [0x7F])))
    }

    @Test("a PDU with an empty payload completes on its header")
    func emptyPayload() {
        var reassembler = Reassembler(maximumPDUSize: 0)
        #expect(
            reassembler.received(first([0x00, 0x00, 0x05, 0x00]))
                == .complete(BasicFrame(channelID: .leSignaling, payload: [])))
    }

    @Test("a continuing fragment with no PDU in progress is dropped")
    func orphanContinuation() {
        var reassembler = Reassembler(maximumPDUSize: 64)
        #expect(reassembler.received(continuing([1, 2, 3])) == .dropped(.continuationWithoutStart(length: 3)))
        #expect(!reassembler.isReassembling)
    }

    @Test("a PDU declared longer than the bound is dropped at its header, and its continuations too")
    func oversize() {
        var reassembler = Reassembler(maximumPDUSize: 10)
        #expect(
            reassembler.received(first([0x0B, 0x00, 0x04, 0x00, 1, 2]))
                == .dropped(.exceedsMaximumSize(declaredLength: 11, maximum: 10)))
        #expect(reassembler.bufferedByteCount == 0)
        #expect(reassembler.received(continuing([3, 4, 5])) == .dropped(.continuationWithoutStart(length: 3)))
    }

    @Test("a PDU declared exactly at the bound is accepted")
    func atBound() {
        var reassembler = Reassembler(maximumPDUSize: 10)
        let frame = BasicFrame(channelID: .att, payload: Array(0..<10))
        #expect(reassembler.received(first(frame.encoded)) == .complete(frame))
    }

    @Test("fragments carrying more than the declared length drop the PDU")
    func overrun() {
        var reassembler = Reassembler(maximumPDUSize: 64)
        #expect(
            reassembler.received(first([0x03, 0x00, 0x04, 0x00, 1, 2, 3, 4]))
                == .dropped(.overrun(declaredLength: 3, receivedLength: 4)))
        #expect(reassembler.received(first([0x03, 0x00, 0x04, 0x00, 1, 2])) == .incomplete)
        #expect(reassembler.received(continuing([3, 4])) == .dropped(.overrun(declaredLength: 3, receivedLength: 4)))
        #expect(!reassembler.isReassembling)
    }

    @Test("a new first fragment mid-PDU drops the old PDU and starts over")
    func newStartMidPDU() {
        var reassembler = Reassembler(maximumPDUSize: 64)
        #expect(reassembler.received(first([0x05, 0x00, 0x04, 0x00, 1, 2])) == .incomplete)
        let restarted = reassembler.received(first([0x01, 0x00, 0x06, 0x00, 9]))
        #expect(
            restarted == .interrupted(discardedLength: 6, restart: .complete(BasicFrame(channelID: .smp, payload: [9])))
        )
        #expect(restarted.frame == BasicFrame(channelID: .smp, payload: [9]))

        #expect(reassembler.received(first([0x05, 0x00])) == .incomplete)
        #expect(
            reassembler.received(first([0x02, 0x00, 0x04, 0x00, 1]))
                == .interrupted(discardedLength: 2, restart: .incomplete))
        #expect(reassembler.received(continuing([2])) == .complete(BasicFrame(channelID: .att, payload: [1, 2])))
    }

    @Test("reset forgets the PDU in progress")
    func resetForgets() {
        var reassembler = Reassembler(maximumPDUSize: 64)
        _ = reassembler.received(first([0x05, 0x00, 0x04, 0x00, 1]))
        reassembler.reset()
        #expect(reassembler.received(continuing([2])) == .dropped(.continuationWithoutStart(length: 1)))
    }
}
