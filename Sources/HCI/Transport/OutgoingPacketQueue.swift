import Synchronization

/// The packets waiting to be written by a transport's I/O thread, each with the sender awaiting it, and who
/// holds the descriptor's write side.
///
/// Senders await their own write, so the queue never holds more than one packet per waiting sender. A sender
/// that finds nothing queued and the I/O thread idle may write itself (``claimDirectWrite()``), sparing the
/// wake-up of the thread and its own resumption; bytes still go out in the order they were sent.
final class OutgoingPacketQueue: Sendable {
    /// One encoded packet, how much of it is written, and who to tell when it is done: once, by whoever took the
    /// request out of the queue, so the continuation can be an unsafe one, which costs no allocation per write.
    struct Request {
        var bytes: [UInt8]
        var offset = 0
        var completion: UnsafeContinuation<TransportError?, Never>

        /// Tells the sender the outcome: nil once written, or why it was not.
        func complete(_ error: TransportError?) {
            completion.resume(returning: error)
        }
    }

    /// Who writes to the descriptor now.
    private enum Writer {
        case thread
        case sender
    }

    private struct State {
        var requests: [Request] = []
        var isClosed = false
        var writer: Writer?
    }

    private let state = Mutex(State())
    private let wakeWriter: @Sendable () -> Void

    /// Makes a queue; `wakeWriter` tells the I/O thread a request arrived.
    init(wakeWriter: @escaping @Sendable () -> Void) {
        self.wakeWriter = wakeWriter
    }

    /// Queues `bytes` and waits until they are written; returns nil on success or why they were not.
    func write(_ bytes: [UInt8]) async -> TransportError? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<TransportError?, Never>) in
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

    /// Lets the caller write to the descriptor now if nothing is queued and nobody else writes; it must then
    /// call ``releaseDirectWrite()`` or hand what is left to ``write(_:from:)``.
    func claimDirectWrite() -> Bool {
        state.withLock { state in
            guard !state.isClosed, state.requests.isEmpty, state.writer == nil else { return false }
            state.writer = .sender
            return true
        }
    }

    /// Ends a direct write that wrote everything or failed; wakes the I/O thread for what queued meanwhile.
    func releaseDirectWrite() {
        let wake = state.withLock { state in
            state.writer = nil
            return !state.requests.isEmpty
        }
        if wake { wakeWriter() }
    }

    /// Hands the rest of a direct write (from `offset`) to the I/O thread, ahead of everything queued after
    /// it, and waits until it is written.
    func write(_ bytes: [UInt8], from offset: Int) async -> TransportError? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<TransportError?, Never>) in
            let isClosed = state.withLock { state in
                state.writer = nil
                if !state.isClosed {
                    state.requests.insert(Request(bytes: bytes, offset: offset, completion: continuation), at: 0)
                }
                return state.isClosed
            }
            if isClosed {
                continuation.resume(returning: .closed)
            } else {
                wakeWriter()
            }
        }
    }

    /// Takes every queued request, oldest first, for the I/O thread, which then holds the write side until
    /// it reports ``threadIsIdle()``; nothing while a sender writes directly.
    func takeAll() -> [Request] {
        state.withLock { state in
            guard state.writer != .sender, !state.requests.isEmpty else { return [] }
            state.writer = .thread
            defer { state.requests = [] }
            return state.requests
        }
    }

    /// The I/O thread wrote everything it took.
    func threadIsIdle() {
        state.withLock { state in
            if state.writer == .thread { state.writer = nil }
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
