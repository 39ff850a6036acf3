import HCI

/// Timers on the injected clock: advertising repeats, advertising and scan durations.
extension Air {
    /// Runs `tick` every `interval` until it returns false or the timer is replaced or cancelled.
    func scheduleRepeating(
        _ key: ControllerState.TimerKey, on c: ControllerState, every interval: Duration,
        _ tick: @escaping @Sendable (isolated Air) -> Bool
    ) {
        c.timers[key]?.cancel()
        let clock = clock
        c.timers[key] = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
                guard let self, await self.run(tick) else { return }
            }
        }
    }

    /// Runs `fire` once after `delay`, unless the timer is replaced or cancelled first.
    func scheduleOnce(
        _ key: ControllerState.TimerKey, on c: ControllerState, after delay: Duration,
        _ fire: @escaping @Sendable (isolated Air) -> Void
    ) {
        c.timers[key]?.cancel()
        let clock = clock
        c.timers[key] = Task { [weak self] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            _ = await self?.run { air in
                fire(air)
                return false
            }
        }
    }

    /// Cancels a timer.
    func cancelTimer(_ key: ControllerState.TimerKey, on c: ControllerState) {
        c.timers[key]?.cancel()
        c.timers[key] = nil
    }

    private func run(_ body: @Sendable (isolated Air) -> Bool) -> Bool {
        let more = body(self)
        flush()
        return more
    }
}
