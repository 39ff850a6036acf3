import Synchronization

/// Counts the events a host's event handler reports, for a bench task that waits until there are more than it
/// has seen: the handler counts on the host's executor, and the task wakes only when its wait is met.
final class BenchEventCount: Sendable {
    private struct State {
        var count = 0
        var ended = false
        var waiter: (beyond: Int, continuation: CheckedContinuation<Int?, Never>)?
    }

    private let state = Mutex(State())

    /// Counts one event; called from the host's event handler.
    func count() {
        let resume = state.withLock { state -> (CheckedContinuation<Int?, Never>, Int)? in
            state.count += 1
            guard let waiter = state.waiter, state.count > waiter.beyond else { return nil }
            state.waiter = nil
            return (waiter.continuation, state.count)
        }
        if let (continuation, count) = resume { continuation.resume(returning: count) }
    }

    /// The host stopped: a waiting task, and every later wait, gets nil.
    func end() {
        let waiter = state.withLock { state in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.continuation.resume(returning: nil)
    }

    /// Waits until more than `seen` events were counted and returns how many were; nil once the host stopped
    /// short of that. One task waits at a time.
    func wait(beyond seen: Int) async -> Int? {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Int?? in
                if state.count > seen { return .some(state.count) }
                if state.ended { return .some(nil) }
                state.waiter = (seen, continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
