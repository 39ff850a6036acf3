/// Runs asynchronous jobs one after another, in the order they were enqueued, on one task.
///
/// A peripheral's host calls go through one, so its operations reach the peer in the order the app issued them.
final class SerialWorker: Sendable {
    private let jobs: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        let (stream, jobs) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
        self.jobs = jobs
        Task {
            for await job in stream { await job() }
        }
    }

    /// Runs `job` after every job enqueued before it.
    func enqueue(_ job: @escaping @Sendable () async -> Void) {
        jobs.yield(job)
    }

    /// Returns once every job enqueued before the call has run.
    func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            enqueue { continuation.resume() }
        }
    }

    deinit {
        jobs.finish()
    }
}
