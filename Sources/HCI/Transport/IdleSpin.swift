/// When a thread out of work spins before it sleeps: always while its spins find work, less and less often while
/// they come up empty.
///
/// A spin pays off when an answer comes from a thread running on another processor within it. It cannot when the
/// answer is slow (a controller on a UART, a Python peer), and it does harm when the thread it waits for shares
/// its processor, which the spin keeps from running. After a spin that found nothing, the next one is skipped; after
/// two in a row, the next three; and so on, doubling up to ``longestSkip``. A spin that finds work resets it.
struct IdleSpin {
    /// The most idle waits skipped in a row after spins that found nothing.
    static let longestSkip = 7

    private var skipsLeft = 0
    /// How many waits the last empty spin skipped; zero after a spin that found work.
    private var lastSkip = 0

    /// Whether this idle wait spins; a wait that does not counts as skipped.
    mutating func shouldSpin() -> Bool {
        guard skipsLeft == 0 else {
            skipsLeft -= 1
            return false
        }
        return true
    }

    /// Records what a spin found.
    mutating func spun(foundWork: Bool) {
        if foundWork {
            lastSkip = 0
        } else {
            lastSkip = min(2 * lastSkip + 1, Self.longestSkip)
            skipsLeft = lastSkip
        }
    }
}
