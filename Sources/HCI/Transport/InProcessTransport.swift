/// One end of a pair of transports joined in memory: what one end sends, the other receives, in order.
///
/// Packets pass as values, with no encoding. Each end's receive queue is bounded: when more than
/// `capacity` packets wait unread, the send that would exceed it throws and both ends fail with a
/// ``TransportError/io(_:)`` overflow error, rather than letting memory grow without end.
public final class InProcessTransport: HCITransport {
    /// How many unread packets an end holds before the pair fails.
    public static let defaultCapacity = 10_000

    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    private let ownContinuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
    private let peerContinuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
    private let capacity: Int

    private init(
        incoming: AsyncThrowingStream<HCIPacket, any Error>,
        own: AsyncThrowingStream<HCIPacket, any Error>.Continuation,
        peer: AsyncThrowingStream<HCIPacket, any Error>.Continuation,
        capacity: Int
    ) {
        self.incoming = incoming
        self.ownContinuation = own
        self.peerContinuation = peer
        self.capacity = capacity
    }

    /// Makes two joined ends; each holds at most `capacity` unread packets.
    public static func pair(capacity: Int = defaultCapacity) -> (InProcessTransport, InProcessTransport) {
        precondition(capacity > 0, "capacity must be positive")
        let first = AsyncThrowingStream.makeStream(of: HCIPacket.self, bufferingPolicy: .bufferingOldest(capacity))
        let second = AsyncThrowingStream.makeStream(of: HCIPacket.self, bufferingPolicy: .bufferingOldest(capacity))
        return (
            InProcessTransport(
                incoming: first.stream, own: first.continuation, peer: second.continuation, capacity: capacity),
            InProcessTransport(
                incoming: second.stream, own: second.continuation, peer: first.continuation, capacity: capacity)
        )
    }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        switch peerContinuation.yield(packet) {
        case .enqueued:
            return
        case .dropped:
            let error = TransportError.io("in-process receive queue overflow: more than \(capacity) packets unread")
            peerContinuation.finish(throwing: error)
            ownContinuation.finish(throwing: error)
            throw error
        case .terminated:
            throw .closed
        @unknown default:
            throw .closed
        }
    }

    /// Closes both directions: this end's `incoming` finishes, the other end's once it has read what was sent.
    public func close() async {
        ownContinuation.finish()
        peerContinuation.finish()
    }
}
