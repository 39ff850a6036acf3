import Synchronization

/// Callers suspended until a delegate callback answers what they wait for, each resumed exactly once.
///
/// Waiters with the same key are answered in the order they began, as CoreBluetooth answers the operations
/// on one attribute. A waiter whose task is cancelled resumes at once with `CancellationError` but keeps its
/// place until its operation's callback arrives, so that callback is not taken for a later caller's.
final class Waiters<Key: Hashable & Sendable, Value>: Sendable {
    private let state = Mutex(State())

    private struct State {
        var lastID: UInt64 = 0
        var slots: [UInt64: Slot] = [:]

        /// The earliest slot waiting under `key`.
        func first(_ key: Key) -> UInt64? {
            slots.filter { $0.value.key == key }.keys.min()
        }
    }

    private struct Slot {
        let key: Key
        var continuation: CheckedContinuation<Value, any Error>?
    }

    /// Waits under `key` for a result: registers the waiter, then calls `start` with its id; `start` must lead to
    /// exactly one callback that answers `key`, or to ``abandon(_:throwing:)`` with that id.
    nonisolated(nonsending) func wait(for key: Key, start: (UInt64) -> Void) async throws -> Value {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.slots[id] = Slot(key: key, continuation: continuation) }
                if Task.isCancelled {
                    abandon(id, throwing: CancellationError())
                } else {
                    start(id)
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                let continuation = state.slots[id]?.continuation
                state.slots[id]?.continuation = nil
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Answers the earliest waiter under `key`; false when none waits.
    @discardableResult
    func resumeFirst(_ key: Key, with result: sending Result<Value, any Error>) -> Bool {
        let found = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
            guard let id = state.first(key), let slot = state.slots.removeValue(forKey: id) else { return (false, nil) }
            return (true, slot.continuation)
        }
        found.1?.resume(with: result)
        return found.0
    }

    /// Whether a caller whose task is not cancelled waits under `key`.
    func isWaiting(_ key: Key) -> Bool {
        state.withLock { $0.slots.values.contains { $0.key == key && $0.continuation != nil } }
    }

    /// Removes the waiter `id`, whose operation never started, resuming it with `error` unless it was cancelled.
    func abandon(_ id: UInt64, throwing error: any Error) {
        let continuation = state.withLock { $0.slots.removeValue(forKey: id)?.continuation }
        continuation?.resume(throwing: error)
    }

    /// Resumes every waiter with `error`, as when the link or the radio goes down.
    func failAll(_ error: any Error) {
        let continuations = state.withLock { state in
            defer { state.slots = [:] }
            return state.slots.sorted { $0.key < $1.key }.compactMap(\.value.continuation)
        }
        for continuation in continuations { continuation.resume(throwing: error) }
    }
}

extension Waiters where Value: Sendable {
    /// Answers every waiter under `key` with the same result.
    func resumeAll(_ key: Key, with result: Result<Value, any Error>) {
        let continuations = state.withLock { state in
            let ids = state.slots.filter { $0.value.key == key }.keys.sorted()
            return ids.compactMap { state.slots.removeValue(forKey: $0)?.continuation }
        }
        for continuation in continuations { continuation.resume(with: result) }
    }
}
