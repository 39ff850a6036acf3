/// The time an ``Air`` runs on: a duration since the air began, and a way to wait for a later one.
///
/// Production airs run on `ContinuousClock`; tests hand the air a `ManualClock` and move time themselves,
/// so intervals, timeouts and connection events are tested without waiting.
public protocol AirClock: Sendable {
    /// Time elapsed since the air began.
    var elapsed: Duration { get }
    /// Suspends until `elapsed` reaches `deadline`; throws when the waiting task is cancelled.
    func sleep(untilElapsed deadline: Duration) async throws
}

/// Any Swift clock counting in `Duration`, seen as an ``AirClock`` whose origin is the moment it was wrapped.
struct SwiftAirClock<C: Clock>: AirClock where C.Duration == Duration {
    let clock: C
    let origin: C.Instant

    init(_ clock: C) {
        self.clock = clock
        origin = clock.now
    }

    var elapsed: Duration { origin.duration(to: clock.now) }

    func sleep(untilElapsed deadline: Duration) async throws {
        try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil)
    }
}

extension Air {
    /// Wraps a Swift clock (opened from an existential) as the air's clock.
    static func airClock<C: Clock>(_ clock: C) -> any AirClock where C.Duration == Duration {
        SwiftAirClock(clock)
    }
}
