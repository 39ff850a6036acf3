import Synchronization

/// Records how a child process ended and lets tasks wait for it with a deadline.
///
/// Foundation reports the end from its own thread through `Process.terminationHandler`;
/// this turns that report into something an async test can await without polling.
final class ProcessExit: Sendable {
    /// How a child process ended.
    struct Termination: Sendable, Equatable {
        /// The exit status, or the signal number when `bySignal` is true.
        var status: Int32
        /// Whether a signal ended the process.
        var bySignal: Bool
    }

    private struct State {
        var termination: Termination?
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var timers: [Int: Task<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// How the process ended, or nil while it runs.
    var termination: Termination? { state.withLock { $0.termination } }

    /// Stores the termination and wakes every waiter.
    func record(_ termination: Termination) {
        let (waiters, timers) = state.withLock { state in
            state.termination = termination
            defer {
                state.waiters = [:]
                state.timers = [:]
            }
            return (Array(state.waiters.values), Array(state.timers.values))
        }
        timers.forEach { $0.cancel() }
        waiters.forEach { $0.resume(returning: true) }
    }

    /// Waits until the process has ended or `timeout` has passed; returns whether it ended.
    func wait(upTo timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = state.withLock { state in
                if state.termination != nil { return nil }
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[id] = continuation
                return id
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            let timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                expire(id)
            }
            let alreadyEnded = state.withLock { state in
                guard state.waiters[id] != nil else { return true }
                state.timers[id] = timer
                return false
            }
            if alreadyEnded { timer.cancel() }
        }
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state in
            state.timers[id] = nil
            return state.waiters.removeValue(forKey: id)
        }
        waiter?.resume(returning: false)
    }
}
