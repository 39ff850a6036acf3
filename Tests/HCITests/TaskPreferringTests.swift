import Testing

@testable import HCI

@Suite("Task.preferring", .timeLimit(.minutes(1)))
struct TaskPreferringTests {
    @Test("with an executor the task runs there; without one it runs on the global pool, not there")
    func runsWhereItPrefers() async throws {
        let executor = try PollingExecutor(name: "task preferring test")
        let onExecutor = await Task.preferring(executor) { executor.isIsolatingCurrentContext() }.value
        let withoutOne = await Task.preferring(nil) { executor.isIsolatingCurrentContext() }.value
        #expect(onExecutor == true)
        #expect(withoutOne == false)
    }
}
