import HCI

/// Timers on the injected clock, all driven by one ordered queue of deadlines and one waiting task:
/// advertising events, advertising and scan durations.
///
/// Each controller names its timers by ``ControllerState/TimerKey``; arming a key again replaces its timer and
/// cancelling forgets it, so a queue entry whose token no longer matches is stale and skipped when due. The
/// waiting task sleeps until the earliest deadline, rounded up to the air's timer resolution so that a crowd of
/// advertisers wakes it at most once per resolution step; everything due then runs in deadline order.
extension Air {
    /// The air's time: the deadline of the timer being fired, else the clock's.
    var now: Duration { timers.firing ?? clock.elapsed }

    /// Arms a controller's timer to fire at `deadline` (air time), replacing the one it had under `key`.
    func schedule(_ key: ControllerState.TimerKey, on c: ControllerState, at deadline: Duration) {
        c.timers[key] = enqueue(.controller(c.id, key), at: deadline)
    }

    /// Arms a connection's event timer to fire at `deadline`, replacing the one it had.
    func schedule(eventOf link: Link, at deadline: Duration) {
        link.eventTimer = enqueue(.link(link.id), at: deadline)
    }

    private func enqueue(_ owner: TimerOwner, at deadline: Duration) -> UInt64 {
        let token = timers.nextToken
        timers.nextToken += 1
        timers.queue.insert(.init(deadline: deadline, token: token, owner: owner))
        wakeDriver(by: deadline)
        return token
    }

    /// Arms a controller's timer to fire `delay` from now.
    func schedule(_ key: ControllerState.TimerKey, on c: ControllerState, after delay: Duration) {
        schedule(key, on: c, at: now + delay)
    }

    /// Makes sure the waiting task wakes by `deadline`, replacing it when it would wake later.
    ///
    /// The task runs off the air, so it first passes through the air: it sleeps only once the operation that
    /// armed it has ended and delivered all it caused. A task sleeping on the clock therefore means the air has
    /// nothing due left to do, which is what a test driving a `ManualClock` waits for before it reads its hosts'
    /// queues or moves time on.
    private func wakeDriver(by deadline: Duration) {
        let wake = timers.rounded(deadline)
        if let current = timers.wake, current <= wake { return }
        timers.driver?.cancel()
        timers.epoch += 1
        timers.wake = wake
        let (clock, epoch) = (clock, timers.epoch)
        timers.driver = Task { [weak self] in
            guard await self?.isDriver(epoch) == true else { return }
            do {
                try await clock.sleep(untilElapsed: wake)
            } catch {
                return
            }
            await self?.fireDue(epoch)
        }
    }

    /// Whether the waiting task armed at `epoch` is still the one the air waits on.
    private func isDriver(_ epoch: UInt64) -> Bool { epoch == timers.epoch }

    /// Fires every live timer whose deadline has come, in deadline order, then waits for the next one.
    private func fireDue(_ epoch: UInt64) {
        guard epoch == timers.epoch else { return }
        timers.driver = nil
        timers.wake = nil
        let reached = clock.elapsed
        while let entry = timers.queue.first, entry.deadline <= reached {
            _ = timers.queue.removeFirst()
            timers.firing = entry.deadline
            switch entry.owner {
            case .controller(let id, let key):
                guard let c = controllers[id], c.timers[key] == entry.token else { break }
                c.timers[key] = nil
                fire(key, on: c, at: entry.deadline)
            case .link(let id):
                guard let link = links[id], link.eventTimer == entry.token else { break }
                link.eventTimer = nil
                connectionEvent(link)
            }
            timers.firing = nil
        }
        flush()
        if let next = timers.queue.first { wakeDriver(by: next.deadline) }
    }

    private func fire(_ key: ControllerState.TimerKey, on c: ControllerState, at deadline: Duration) {
        switch key {
        case .advertising(let set): advertisingTick(set, on: c, at: deadline)
        case .advertisingDuration(let set): advertisingTimedOut(set, on: c)
        case .scanDuration:
            guard c.scan != nil else { return }
            c.scan = nil
            emit(LEScanTimeoutEvent(), to: c)
        case .completedPackets: reportCompletions(to: c)
        }
    }
}

/// The state of the air's timers: the deadline queue and the one task that waits for it.
struct AirTimers {
    var queue = DeadlineQueue()
    var nextToken: UInt64 = 1
    /// The task sleeping until ``wake``, if any.
    var driver: Task<Void, Never>?
    var wake: Duration?
    /// Bumped whenever the driver is replaced, so a superseded one that wakes anyway does nothing.
    var epoch: UInt64 = 0
    /// The deadline of the timer being fired.
    var firing: Duration?
    /// The smallest step the driver sleeps in; zero wakes it at each deadline exactly.
    let resolution: Duration

    /// `deadline` rounded up to a whole number of resolution steps.
    func rounded(_ deadline: Duration) -> Duration {
        let step = resolution.nanoseconds
        guard step > 0 else { return deadline }
        let steps = (deadline.nanoseconds + step - 1) / step
        return .nanoseconds(steps * step)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (truncated).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
