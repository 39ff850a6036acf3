import HCI
import Testing

@Suite("A manual clock's sleepers and the tasks that wait for them", .timeLimit(.minutes(1)))
struct ManualClockTests {
    @Test("waitForSleepers returns once the asked number of tasks sleep, and advancing wakes them")
    func waitsForSleepers() async throws {
        let clock = ManualClock()
        let waiter = Task { await clock.waitForSleepers(count: 2) }
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        let second = Task { try await clock.sleep(for: .seconds(2)) }
        await waiter.value
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(2))
        try await first.value
        try await second.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled while it waits for a sleeper that never comes stops waiting")
    func cancelledWaitEnds() async {
        let clock = ManualClock()
        let waiter = Task { await clock.waitForSleepers(count: 1) }
        waiter.cancel()
        await waiter.value
        #expect(clock.sleeperCount == 0)
    }
}
