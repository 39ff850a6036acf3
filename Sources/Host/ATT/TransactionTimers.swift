/// Starts and stops the timeouts of a bearer's transactions, and tells the task that watches them which came due.
protocol TransactionTiming: AnyObject {
    /// Starts `id`'s timer; returns true when no task watches the timers: the caller then starts one that calls
    /// ``nextDue()`` until it returns nil.
    func arm(_ id: ATTBearerState.OperationID) -> Bool
    /// Stops `id`'s timer.
    func disarm(_ id: ATTBearerState.OperationID)
    /// Waits until the earliest timer is due and returns every due one, oldest first; nil when none is armed or the
    /// wait was cancelled, and the watching task ends.
    nonisolated(nonsending) func nextDue() async -> [ATTBearerState.OperationID]?
}

/// Timers that run `timeout` on `clock`, whichever clock it is.
func makeTransactionTimers(clock: some Clock<Duration>, timeout: Duration) -> any TransactionTiming {
    TransactionTimers(clock: clock, timeout: timeout)
}

/// The timeouts of a bearer's transactions, watched by one task that sleeps until the earliest is due: arming and
/// disarming a timer is a table update, not a task and a system timer per request.
///
/// Every timer runs for the same time on a clock that only moves forward, so a timer armed later is never due
/// earlier: the task wakes at the earliest deadline armed while it slept, fires what is due, and sleeps until the
/// next, or ends when none is left. Not Sendable: the actor that owns the bearer makes every call.
final class TransactionTimers<C: Clock<Duration>>: TransactionTiming {
    private let clock: C
    private let timeout: Duration
    private var deadlines: [ATTBearerState.OperationID: C.Instant] = [:]
    private var isWatched = false

    /// Timers that run `timeout` on `clock`.
    init(clock: C, timeout: Duration) {
        self.clock = clock
        self.timeout = timeout
    }

    func arm(_ id: ATTBearerState.OperationID) -> Bool {
        deadlines[id] = clock.now.advanced(by: timeout)
        defer { isWatched = true }
        return !isWatched
    }

    func disarm(_ id: ATTBearerState.OperationID) {
        deadlines[id] = nil
    }

    nonisolated(nonsending) func nextDue() async -> [ATTBearerState.OperationID]? {
        guard let deadline = deadlines.values.min() else {
            isWatched = false
            return nil
        }
        do {
            try await clock.sleep(until: deadline, tolerance: nil)
        } catch {
            isWatched = false
            return nil
        }
        let now = clock.now
        let due = deadlines.filter { $0.value <= now }.keys.sorted()
        for id in due { deadlines[id] = nil }
        return due
    }
}
