import Synchronization

/// The operations a soak has completed so far, counted by the tasks doing them.
final class SoakCounters: Sendable {
    /// One snapshot of the counts.
    struct Counts: Sendable, Equatable {
        /// Connections made.
        var connections = 0
        /// Pairings completed from scratch.
        var pairings = 0
        /// Reconnections encrypted with the bond from an earlier pairing.
        var encryptions = 0
        /// Write requests the peripheral acknowledged.
        var writes = 0
        /// Notifications the central received.
        var notifications = 0
        /// Cycles that failed; each is reported on stderr.
        var failures = 0
    }

    private let counts = Mutex(Counts())

    /// Changes the counts.
    func update(_ change: (inout Counts) -> Void) {
        counts.withLock { change(&$0) }
    }

    /// The counts now.
    var snapshot: Counts { counts.withLock { $0 } }
}
