import Synchronization

/// One `connect(_:options:)` of a peripheral, which `cancelPeripheralConnection(_:)` can withdraw from any task.
final class ConnectAttempt: Sendable {
    private let cancelled = Mutex(false)

    /// Whether the app withdrew the attempt.
    var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Withdraws the attempt.
    func cancel() {
        cancelled.withLock { $0 = true }
    }
}
