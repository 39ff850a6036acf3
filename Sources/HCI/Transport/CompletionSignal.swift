import Synchronization

/// A one-time event that tasks can await, signalled from any thread (used to join reader threads).
final class CompletionSignal: Sendable {
    private struct State {
        var isSignalled = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Marks the event as happened and wakes every waiter.
    func signal() {
        let waiters = state.withLock { state in
            state.isSignalled = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the event has happened.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSignalled = state.withLock { state in
                if !state.isSignalled { state.waiters.append(continuation) }
                return state.isSignalled
            }
            if isSignalled { continuation.resume() }
        }
    }
}
