import Synchronization

/// The bounded queue between a transport's reader thread and the consumer of `incoming`.
///
/// When it holds `capacity` packets the reader stops reading, so the peer is held back by the
/// operating system's flow control instead of filling memory; taking a packet resumes the reader.
final class IncomingPacketQueue: Sendable {
    private enum End: Equatable {
        case finished
        case failed(TransportError)
    }

    private enum Outcome {
        case packets([HCIPacket], resumeProducer: Bool)
        case end(End)
        case waiting
    }

    private struct State {
        var packets = PacketFIFO()
        var end: End?
        var waiter: Waiter?
        var isProducerPaused = false

        var count: Int { packets.count }
    }

    /// A consumer waiting for packets: how many it takes at most, and where they go. The continuation is unsafe (a
    /// checked one allocates per wait): whoever resumes it takes it out of the state under the lock first.
    private struct Waiter {
        var limit: Int
        var continuation: UnsafeContinuation<[HCIPacket]?, any Error>
    }

    /// How many packets the queue holds before the reader pauses.
    let capacity: Int
    private let state = Mutex(State())
    private let resumeProducer: @Sendable () -> Void

    /// Makes a queue; `resumeProducer` is called when a paused reader may read again.
    init(capacity: Int, resumeProducer: @escaping @Sendable () -> Void) {
        precondition(capacity > 0, "capacity must be positive")
        self.capacity = capacity
        self.resumeProducer = resumeProducer
    }

    /// Adds packets from the reader; ignored once the queue has ended.
    func push(_ packets: [HCIPacket]) {
        guard !packets.isEmpty else { return }
        let handoff = state.withLock { state -> (Waiter, [HCIPacket])? in
            guard state.end == nil else { return nil }
            state.packets.append(contentsOf: packets)
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, state.packets.pop(upTo: waiter.limit))
        }
        if let (waiter, packets) = handoff { waiter.continuation.resume(returning: packets) }
    }

    /// Whether the reader must stop reading; if so, it is resumed once a packet is taken.
    func pauseProducerIfFull() -> Bool {
        state.withLock { state in
            state.isProducerPaused = state.count >= capacity
            return state.isProducerPaused
        }
    }

    /// Ends the queue after the packets it holds, normally or with an error; only the first call counts.
    func finish(_ error: TransportError?) {
        let waiter = state.withLock { state -> UnsafeContinuation<[HCIPacket]?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map(End.failed) ?? .finished
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        if let error {
            waiter?.resume(throwing: error)
        } else {
            waiter?.resume(returning: nil)
        }
    }

    /// The next packet, or nil when the queue finished or the waiting task was cancelled.
    nonisolated(nonsending) func next() async throws -> HCIPacket? {
        try await take(upTo: 1)?.first
    }

    /// Every packet waiting (at least one, waiting for it if need be), oldest first; nil when the queue
    /// finished or the waiting task was cancelled. The wait resumes on the caller's executor.
    nonisolated(nonsending) func nextBatch() async throws -> [HCIPacket]? {
        try await take(upTo: .max)
    }

    private nonisolated(nonsending) func take(upTo limit: Int) async throws -> [HCIPacket]? {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<[HCIPacket]?, any Error>) in
                let outcome = state.withLock { state -> Outcome in
                    let packets = state.packets.pop(upTo: limit)
                    if !packets.isEmpty {
                        let resume = state.isProducerPaused && state.count < capacity
                        if resume { state.isProducerPaused = false }
                        return .packets(packets, resumeProducer: resume)
                    }
                    if let end = state.end { return .end(end) }
                    if Task.isCancelled { return .end(.finished) }
                    state.waiter = Waiter(limit: limit, continuation: continuation)
                    return .waiting
                }
                switch outcome {
                case .packets(let packets, let resume):
                    if resume { resumeProducer() }
                    continuation.resume(returning: packets)
                case .end(.finished):
                    continuation.resume(returning: nil)
                case .end(.failed(let error)):
                    continuation.resume(throwing: error)
                case .waiting:
                    break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.continuation.resume(returning: nil)
        }
    }
}
