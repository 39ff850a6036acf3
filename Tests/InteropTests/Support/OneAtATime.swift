import Testing

/// Runs the interop tests one at a time. Each starts Python processes whose start-up alone (importing Bumble)
/// takes seconds of CPU; several at once on a small machine starve one another, and this process's virtual
/// controllers, past Bumble's and our timeouts. The wait in line counts toward a test's time limit.
struct OneAtATime: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        await InteropLine.shared.enter()
        do {
            try await function()
        } catch {
            await InteropLine.shared.leave()
            throw error
        }
        await InteropLine.shared.leave()
    }
}

extension Trait where Self == OneAtATime {
    /// Runs each test of the suite alone among the interop tests.
    static var oneInteropTestAtATime: Self { OneAtATime() }
}

/// The line interop tests wait in: first come, first served.
private actor InteropLine {
    static let shared = InteropLine()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        guard !waiting.isEmpty else {
            busy = false
            return
        }
        waiting.removeFirst().resume()
    }
}
