import HCI
import Synchronization

/// A peer's controller transport that lets the first `step` steps of a procedure through, in either direction,
/// then swallows every later step and every ACL packet and reports the cut, so the test can take the link down at
/// exactly that point of the procedure, or leave the peer silent.
///
/// A step is the start of an L2CAP PDU unless the transport is made with other ``Steps``. Once armed, the transport
/// keeps to the connection of the first ACL packet it sees: another central's link to the same peer (tests share
/// one air) is neither counted nor cut.
public final class VanishingTransport: HCITransport {
    /// Which packets count as the steps of a procedure.
    public enum Steps: Sendable {
        /// The first fragment of every L2CAP PDU, both directions.
        case pdus
        /// The events that carry encryption with a stored key to the peer's host: LE Long Term Key Request and
        /// Encryption Change (no L2CAP PDU crosses while a bonded link re-encrypts).
        case encryptionEvents

        func counts(_ packet: HCIPacket) -> Bool {
            switch (self, packet) {
            case (.pdus, .acl(let data)): data.boundary.isFirst
            case (.encryptionEvents, .event(let event)):
                event.code == .encryptionChange
                    || (event.code == .leMeta && event.parameters.first == LESubeventCode.longTermKeyRequest.rawValue)
            default: false
            }
        }
    }

    private let inner: any HCITransport
    private let gate: Gate
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    public var commandTimeout: Duration? { inner.commandTimeout }

    /// Yields once for each cut.
    public var cuts: AsyncStream<Void> { gate.cuts }

    /// Wraps `inner`, counting `steps`.
    public init(wrapping inner: any HCITransport, steps: Steps = .pdus) {
        self.inner = inner
        let gate = Gate(steps: steps)
        self.gate = gate
        let source = PacketSource(inner.incoming)
        incoming = AsyncThrowingStream(unfolding: {
            while let packet = try await source.next() {
                if gate.admits(packet, incoming: true) { return packet }
            }
            return nil
        })
    }

    /// Counts steps from now on and cuts when step `step + 1` starts.
    public func arm(step: Int) { gate.arm(step: step) }

    /// Lets everything through again, counting nothing.
    public func disarm() { gate.disarm() }

    /// The steps counted since ``arm(step:)`` (all of them while the step is out of reach).
    public var counted: Int { gate.counted }

    /// The ATT PDUs the other device sent after the cut, which the peer's host never saw.
    public var swallowedATT: Int { gate.swallowedATT }

    /// Sends an ATT PDU the peer's host never made to the central over `handle`, as a hostile peer would.
    public func inject(att pdu: [UInt8], on handle: ConnectionHandle) async throws(TransportError) {
        try await inject(pdu, channel: 0x0004, on: handle)
    }

    /// Sends an L2CAP PDU the peer's host never made on `channel` over `handle`, as a hostile peer would.
    public func inject(_ pdu: [UInt8], channel: UInt16, on handle: ConnectionHandle) async throws(TransportError) {
        let frame =
            [UInt8(pdu.count & 0xFF), UInt8(pdu.count >> 8), UInt8(channel & 0xFF), UInt8(channel >> 8)] + pdu
        try await inner.send(.acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: frame)))
    }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        guard gate.admits(packet, incoming: false) else { return }
        try await inner.send(packet)
    }

    public func close() async {
        gate.finish()
        await inner.close()
    }

    /// The shared count and verdict of both directions.
    private final class Gate: Sendable {
        private struct State {
            var limit: Int?
            var handle: ConnectionHandle?
            var counted = 0
            var cut = false
            var swallowedATT = 0
        }

        private let steps: Steps
        private let state = Mutex(State())
        let cuts: AsyncStream<Void>
        private let sink: AsyncStream<Void>.Continuation

        init(steps: Steps) {
            self.steps = steps
            (cuts, sink) = AsyncStream.makeStream(of: Void.self)
        }

        func arm(step: Int) { state.withLock { $0 = State(limit: step) } }

        func disarm() { state.withLock { $0 = State() } }

        var counted: Int { state.withLock { $0.counted } }

        var swallowedATT: Int { state.withLock { $0.swallowedATT } }

        func finish() { sink.finish() }

        /// Whether `packet`, coming from the other device if `incoming`, passes; the step `limit + 1` cuts, and
        /// nothing counted or on ACL passes after it.
        func admits(_ packet: HCIPacket, incoming: Bool) -> Bool {
            let isStep = steps.counts(packet)
            var isACL = false
            var isATT = false
            var handle: ConnectionHandle?
            if case .acl(let data) = packet {
                isACL = true
                handle = data.handle
                isATT = data.boundary.isFirst && data.data.count > 4 && data.data[2] == 0x04 && data.data[3] == 0
            }
            guard isStep || isACL else { return true }
            let (passes, cutNow) = state.withLock { state -> (Bool, Bool) in
                if let handle, state.limit != nil {
                    if state.handle == nil { state.handle = handle }
                    if state.handle != handle { return (true, false) }
                }
                if state.cut {
                    if incoming, isATT { state.swallowedATT += 1 }
                    return (false, false)
                }
                guard isStep else { return (true, false) }
                if let limit = state.limit, state.counted == limit {
                    state.cut = true
                    return (false, true)
                }
                state.counted += 1
                return (true, false)
            }
            if cutNow { sink.yield() }
            return passes
        }
    }
}
