import HCI

extension Simulation {
    /// Moves the simulation's time forward by `duration`, one timer at a time: before each step every host
    /// finishes what the last one started, so each timer fires at its own time and what it causes happens then.
    public func advance(by duration: Duration) async {
        let target = clock.now.advanced(by: duration)
        await settle()
        while let next = clock.nextDeadline, next <= target {
            await step(to: next)
        }
        await step(to: target)
    }

    /// Moves the simulation's time, one timer at a time, until `condition` holds; throws ``SimulationTimeout``
    /// when it still does not after `limit` of simulated time, or when nothing is left that could make it hold.
    public func wait(
        isolation: isolated (any Actor)? = #isolation, until condition: () -> Bool,
        within limit: Duration = .seconds(120)
    ) async throws {
        let start = clock.now
        let deadline = start.advanced(by: limit)
        await settle()
        while !condition() {
            if let next = clock.nextDeadline, next <= deadline {
                await step(to: next)
            } else {
                let idle = clock.nextDeadline == nil
                guard idle, await somethingHappens() else {
                    throw SimulationTimeout(waited: start.duration(to: clock.now), limit: limit)
                }
            }
        }
    }

    /// Waits (in real time, at most ``idleWait``) for a packet or a sleep on the clock while no timer is set: a
    /// host still starting, or work on its way between queues. False when nothing happened.
    private func somethingHappens() async -> Bool {
        let last = snapshot()
        let giveUp = ContinuousClock.now + Self.idleWait
        while ContinuousClock.now < giveUp {
            try? await Task.sleep(for: .milliseconds(1))
            if snapshot() != last {
                await settle()
                return true
            }
        }
        return false
    }

    /// Moves the clock to `instant`, waking what sleeps until then, and waits until what it woke is done: at
    /// once when every task woken went back to sleep with no packet moved or waiting (the air's idle connection
    /// and advertising events), else until the hosts are quiet (``settle()``).
    private func step(to instant: ManualClock.Instant) async {
        let before = snapshot()
        clock.advance(by: clock.now.duration(to: instant))
        for _ in 0..<Self.idleLooks {
            try? await Task.sleep(for: Self.lookInterval)
            if snapshot() == before { return }
        }
        await settle()
    }

    /// Waits (in real time) until the hosts are quiet: for ``quietTime``, looking every ``lookInterval``, no
    /// packet crossed a controller or waited for a host, and no task started or ended a sleep on the clock.
    func settle() async {
        var last = snapshot()
        var quiet = 0
        let needed = max(1, Int(quietTime / Self.lookInterval))
        while quiet < needed {
            try? await Task.sleep(for: Self.lookInterval)
            let now = snapshot()
            if now == last {
                quiet += 1
            } else {
                quiet = 0
                last = now
            }
        }
    }

    /// What tells whether the hosts are busy: packets that crossed a controller, packets waiting for a host, and
    /// the tasks sleeping on the clock (how many, and the earliest deadline, which an idle step leaves as it was
    /// only when everything it woke scheduled itself again one interval on).
    private func snapshot() -> [UInt64] {
        [
            activity.packets, UInt64(radios.reduce(0) { $0 + $1.packetsForHosts }), UInt64(clock.sleeperCount),
        ]
    }

    /// How many looks a step takes at most to see that it was idle.
    static let idleLooks = 2
    /// The real time between two looks.
    static let lookInterval: Duration = .microseconds(200)
    /// How long (in real time) a wait goes on while nothing is scheduled and nothing moves.
    static let idleWait: Duration = .seconds(2)
}

/// A condition a test waited for did not hold within the simulated time it allowed.
public struct SimulationTimeout: Error, CustomStringConvertible {
    /// The simulated time waited.
    public var waited: Duration
    /// The simulated time allowed.
    public var limit: Duration

    public var description: String {
        waited < limit
            ? "the condition did not hold, and nothing was left to happen in the simulation (after \(waited))"
            : "the condition did not hold within \(limit) of simulated time"
    }
}
