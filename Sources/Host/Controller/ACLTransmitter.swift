import DequeModule
import HCI

/// The host's outgoing LE ACL data until the controller has it: PDUs cut into fragments of the controller's
/// buffer size, waiting in order for free buffers (``ACLFlowControl``), and counted per link
/// (``TransmitBacklog``) to say when a link is congested and when it drained.
///
/// One value, so that the channel reaches all of it in one access per operation.
struct ACLTransmitter {
    /// An L2CAP PDU to cut into fragments: up to four header bytes (little-endian in `header`), then the payload.
    private struct OutgoingPDU {
        var header: UInt32
        var headerLength: Int
        var payload: [UInt8]

        var count: Int { headerLength + payload.count }

        /// The PDU's bytes in `range`: the payload itself when that is all of them, else a copy.
        func bytes(_ range: Range<Int>) -> [UInt8] {
            if headerLength == 0, range == 0..<payload.count { return payload }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count)
            var position = range.lowerBound
            while position < min(range.upperBound, headerLength) {
                bytes.append(UInt8(truncatingIfNeeded: header >> (8 * position)))
                position += 1
            }
            let payloadStart = max(range.lowerBound, headerLength) - headerLength
            let payloadEnd = max(range.upperBound, headerLength) - headerLength
            bytes.append(contentsOf: payload[payloadStart..<payloadEnd])
            return bytes
        }
    }

    /// An ACL fragment waiting for a controller buffer, and whether it is its PDU's last; a tuple, so that taking
    /// one apart moves the packet out.
    private typealias QueuedFragment = (packet: ACLDataPacket, endsPDU: Bool)

    private(set) var fragmentLength = 27
    private var flow = ACLFlowControl(bufferCount: 1)
    private var waiting: Deque<QueuedFragment> = []
    private var backlog = TransmitBacklog()
    private var drained: [ConnectionHandle] = []

    /// Fragments waiting for a controller buffer.
    var queuedPackets: Int { waiting.count }

    /// Controller buffers free now.
    var freeBuffers: Int { flow.available }

    /// Sets the controller's LE ACL buffer size and count, as LE Read Buffer Size reported them.
    mutating func configure(length: Int, count: Int) {
        fragmentLength = max(length, 1)
        flow = ACLFlowControl(bufferCount: max(count, 1))
    }

    /// How many fragments `pdu` takes.
    func fragments(of pdu: [UInt8]) -> Int {
        Swift.max(1, (pdu.count + fragmentLength - 1) / fragmentLength)
    }

    /// Queues one L2CAP PDU on `handle`, then hands `send` every fragment a free buffer takes, in order.
    mutating func queue(_ pdu: [UInt8], on handle: ConnectionHandle, send: (consuming ACLDataPacket) -> Void) {
        queue(OutgoingPDU(header: 0, headerLength: 0, payload: pdu), on: handle, send: send)
    }

    /// Queues one B-frame on `handle` as one PDU, its fragments cut straight from its header and payload: the frame
    /// is never encoded whole.
    mutating func queue(_ frame: BasicFrame, on handle: ConnectionHandle, send: (consuming ACLDataPacket) -> Void) {
        let header = UInt32(frame.payload.count) | UInt32(frame.channelID.rawValue) << 16
        queue(
            OutgoingPDU(header: header, headerLength: BasicFrame.headerLength, payload: frame.payload), on: handle,
            send: send)
    }

    private mutating func queue(
        _ pdu: OutgoingPDU, on handle: ConnectionHandle, send: (consuming ACLDataPacket) -> Void
    ) {
        var offset = 0
        repeat {
            let end = min(offset + fragmentLength, pdu.count)
            let packet = ACLDataPacket(
                handle: handle, boundary: offset == 0 ? .firstNonFlushable : .continuing, data: pdu.bytes(offset..<end))
            waiting.append((packet, end == pdu.count))
            offset = end
        } while offset < pdu.count
        backlog.queued(on: handle)
        pump(send)
    }

    /// Frees the buffers Number Of Completed Packets reports, then hands `send` what they take.
    mutating func completed(
        _ entries: [NumberOfCompletedPacketsEvent.Entry], send: (consuming ACLDataPacket) -> Void
    ) {
        for entry in entries { flow.completed(Int(entry.completedPackets), on: entry.handle) }
        pump(send)
    }

    /// Forgets a link that has gone: its buffers are free and its waiting fragments dropped; then hands `send`
    /// what the freed buffers take.
    mutating func disconnected(_ handle: ConnectionHandle, send: (consuming ACLDataPacket) -> Void) {
        flow.disconnected(handle)
        waiting.removeAll { $0.packet.handle == handle }
        backlog.removeLink(handle)
        drained.removeAll { $0 == handle }
        pump(send)
    }

    /// Whether `handle` is congested (see ``TransmitBacklog/isCongested(_:)``); if so it is reported by
    /// ``takeDrained()`` once it drains to ``TransmitBacklog/lowWater``.
    mutating func isCongested(_ handle: ConnectionHandle) -> Bool {
        backlog.isCongested(handle)
    }

    /// The congested links that drained since the last call.
    mutating func takeDrained() -> [ConnectionHandle] {
        guard !drained.isEmpty else { return [] }
        defer { drained = [] }
        return drained
    }

    private mutating func pump(_ send: (consuming ACLDataPacket) -> Void) {
        // Each fragment is moved out of the queue and on to `send`, never copied.
        while let handle = waiting.first?.packet.handle, flow.take(for: handle) {
            let (packet, endsPDU) = waiting.removeFirst()
            send(packet)
            if endsPDU, backlog.sent(on: handle) {
                drained.append(handle)
            }
        }
    }
}
