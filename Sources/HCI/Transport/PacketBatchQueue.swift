import Synchronization

/// Packets from any number of producers to one consumer, which takes every waiting packet at once, so
/// that a burst crosses to the consumer in one wake-up and to the transport in one write. After a take the
/// queue keeps room for a burst as large as the one taken.
public final class PacketBatchQueue: Sendable {
    private struct State {
        var packets: [HCIPacket] = []
        /// The consumer, parked; unsafe (no allocation per wait, as a checked one makes): it is taken out under the
        /// lock by whoever resumes it, so it is resumed once.
        var waiter: UnsafeContinuation<Void, Never>?
        var isFinished = false
    }

    private enum Take {
        case batch([HCIPacket])
        case end
        case wait
    }

    private let state = Mutex(State())

    /// Makes an empty queue.
    public init() {}

    /// Adds a packet for the consumer; ignored once the queue is finished.
    public func push(_ packet: consuming HCIPacket) {
        // Moved into the queue rather than copied: a copy costs a retain here and a release at the caller.
        var packet = Optional(packet)
        let waiter = state.withLock { state -> UnsafeContinuation<Void, Never>? in
            guard !state.isFinished, let packet = packet.take() else { return nil }
            state.packets.append(packet)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Ends the queue: the consumer takes what is left, then nil.
    public func finish() {
        let waiter = state.withLock { state -> UnsafeContinuation<Void, Never>? in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Every packet waiting, oldest first, waiting for one if none is; nil once finished and empty.
    ///
    /// One consumer only; it is not woken by cancellation, only by a packet or by ``finish()``.
    public func next() async -> [HCIPacket]? {
        while true {
            switch take() {
            case .batch(let packets): return packets
            case .end: return nil
            case .wait: break
            }
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let parked = state.withLock { state in
                    guard state.packets.isEmpty, !state.isFinished else { return false }
                    state.waiter = continuation
                    return true
                }
                if !parked { continuation.resume() }
            }
        }
    }

    private func take() -> Take {
        state.withLock { state in
            if !state.packets.isEmpty { return .batch(state.packets.takeAllKeepingRoom()) }
            return state.isFinished ? .end : .wait
        }
    }
}
