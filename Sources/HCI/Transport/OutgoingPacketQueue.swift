import Synchronization

/// The packets waiting to be written by a transport's I/O thread, each with the sender awaiting it.
///
/// Senders await their own write, so the queue never holds more than one packet per waiting sender.
final class OutgoingPacketQueue: Sendable {
    /// One encoded packet, how much of it is written, and who to tell when it is done.
    struct Request {
        var bytes: [UInt8]
        var offset = 0
        var completion: CheckedContinuation<TransportError?, Never>

        /// Tells the sender the outcome: nil once written, or why it was not.
        func complete(_ error: TransportError?) {
            completion.resume(returning: error)
        }
    }

    private struct State {
        var requests: [Request] = []
        var isClosed = false
    }

    private let state = Mutex(State())
    private let wakeWriter: @Sendable () -> Void

    /// Makes a queue; `wakeWriter` tells the I/O thread a request arrived.
    init(wakeWriter: @escaping @Sendable () -> Void) {
        self.wakeWriter = wakeWriter
    }

    /// Queues `bytes` and waits until they are written; returns nil on success or why they were not.
    func write(_ bytes: [UInt8]) async -> TransportError? {
        await withCheckedContinuation { (continuation: CheckedContinuation<TransportError?, Never>) in
            let isClosed = state.withLock { state in
                if !state.isClosed { state.requests.append(Request(bytes: bytes, completion: continuation)) }
                return state.isClosed
            }
            if isClosed {
                continuation.resume(returning: .closed)
            } else {
                wakeWriter()
            }
        }
    }

    /// Takes every queued request, oldest first.
    func takeAll() -> [Request] {
        state.withLock { state in
            defer { state.requests = [] }
            return state.requests
        }
    }

    /// Refuses all later writes and returns the requests still queued.
    func close() -> [Request] {
        state.withLock { state in
            state.isClosed = true
            defer { state.requests = [] }
            return state.requests
        }
    }
}
