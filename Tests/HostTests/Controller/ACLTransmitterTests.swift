import HCI
import Testing

@testable import Host

@Suite("ACL transmitter: B-frames cut into fragments straight from their header and payload", .timeLimit(.minutes(1)))
struct ACLTransmitterTests {
    let link = ConnectionHandle(rawValue: 0x40)

    /// Everything a transmitter with `length`-byte buffers (enough of them) hands out for one frame.
    private func fragments(of frame: BasicFrame, length: Int) -> [ACLDataPacket] {
        var transmitter = ACLTransmitter()
        transmitter.configure(length: length, count: 1_000)
        var sent: [ACLDataPacket] = []
        transmitter.queue(frame, on: link) { sent.append($0) }
        return sent
    }

    @Test(
        "the fragments of a frame join into its encoded form, whatever the buffer size, even one that splits the header",
        arguments: [1, 2, 3, 4, 5, 7, 27, 251, 600])
    func fragmentsJoinIntoTheFrame(length: Int) {
        for size in [0, 1, 3, 20, 512] {
            let frame = BasicFrame(channelID: .att, payload: (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) })
            let sent = fragments(of: frame, length: length)
            let encoded = frame.encoded
            #expect(sent.count == (encoded.count + length - 1) / length, "payload \(size)")
            #expect(sent.flatMap(\.data) == encoded, "payload \(size)")
            #expect(sent.allSatisfy { $0.handle == link && $0.data.count <= length && !$0.data.isEmpty })
            #expect(sent.first?.boundary == .firstNonFlushable)
            #expect(sent.dropFirst().allSatisfy { $0.boundary == .continuing })
        }
    }

    @Test("fragments wait for free buffers and leave, in order, as Number Of Completed Packets frees them")
    func fragmentsWaitForBuffers() {
        var transmitter = ACLTransmitter()
        transmitter.configure(length: 27, count: 2)
        let frame = BasicFrame(channelID: .att, payload: Array(repeating: 0xA5, count: 100))
        var sent: [ACLDataPacket] = []
        transmitter.queue(frame, on: link) { sent.append($0) }
        let beforeCompletion = sent.count
        transmitter.completed([.init(handle: link, completedPackets: 2)]) { sent.append($0) }
        #expect(beforeCompletion == 2 && sent.count == 4 && transmitter.queuedPackets == 0)
        #expect(sent.flatMap(\.data) == frame.encoded)
    }
}
