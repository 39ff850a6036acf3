import HCI
import Synchronization

/// A peer's controller transport that lets the first `step` L2CAP PDUs of a procedure through, in either
/// direction, then swallows every ACL packet and reports the cut, so the test can take the link down at
/// exactly that point of the procedure.
final class VanishingTransport: HCITransport {
    private let inner: any HCITransport
    private let gate: Gate
    let incoming: AsyncThrowingStream<HCIPacket, any Error>

    /// The connection handles of the links cut, once each.
    var cuts: AsyncStream<ConnectionHandle> { gate.cuts }

    init(wrapping inner: any HCITransport) {
        self.inner = inner
        let gate = Gate()
        self.gate = gate
        let source = PacketSource(inner.incoming)
        incoming = AsyncThrowingStream(unfolding: {
            while let packet = try await source.next() {
                if gate.admits(packet) { return packet }
            }
            return nil
        })
    }

    /// Counts PDUs from now on and cuts the link when PDU `step + 1` starts.
    func arm(step: Int) { gate.arm(step: step) }

    /// Lets everything through again, counting nothing.
    func disarm() { gate.disarm() }

    /// The PDUs counted since ``arm(step:)`` (all of them while the step is out of reach).
    var counted: Int { gate.counted }

    /// Sends an ATT PDU the peer's host never made to the central over `handle`, as a hostile peer would.
    func inject(att pdu: [UInt8], on handle: ConnectionHandle) async throws(TransportError) {
        let frame = [UInt8(pdu.count & 0xFF), UInt8(pdu.count >> 8), 0x04, 0x00] + pdu
        try await inner.send(.acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: frame)))
    }

    func send(_ packet: HCIPacket) async throws(TransportError) {
        guard gate.admits(packet) else { return }
        try await inner.send(packet)
    }

    func close() async {
        gate.finish()
        await inner.close()
    }

    /// The shared count and verdict of both directions.
    private final class Gate: Sendable {
        private struct State {
            var limit: Int?
            var counted = 0
            var cut = false
        }

        private let state = Mutex(State())
        let cuts: AsyncStream<ConnectionHandle>
        private let sink: AsyncStream<ConnectionHandle>.Continuation

        init() {
            (cuts, sink) = AsyncStream.makeStream(of: ConnectionHandle.self)
        }

        func arm(step: Int) { state.withLock { $0 = State(limit: step) } }

        func disarm() { state.withLock { $0 = State() } }

        var counted: Int { state.withLock { $0.counted } }

        func finish() { sink.finish() }

        /// Whether `packet` passes; the first fragment of PDU `limit + 1` cuts the link.
        func admits(_ packet: HCIPacket) -> Bool {
            guard case .acl(let data) = packet else { return true }
            let (passes, cutNow) = state.withLock { state -> (Bool, Bool) in
                if state.cut { return (false, false) }
                guard data.boundary.isFirst else { return (true, false) }
                if let limit = state.limit, state.counted == limit {
                    state.cut = true
                    return (false, true)
                }
                state.counted += 1
                return (true, false)
            }
            if cutNow { sink.yield(data.handle) }
            return passes
        }
    }
}
