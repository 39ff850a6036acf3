import Foundation
import Synchronization

/// A thread running a run loop for L2CAP channel streams, as an app's main thread would.
///
/// `@unchecked Sendable` because `RunLoop` is not: other threads only give it timers (`CFRunLoopAddTimer` is
/// thread-safe); everything else happens on the thread itself.
final class RunLoopThread: @unchecked Sendable {
    private let runLoop: RunLoop
    private let stopped = Mutex(false)

    private init(runLoop: RunLoop) {
        self.runLoop = runLoop
    }

    /// Starts the thread and returns once its run loop is running.
    static func start() async -> RunLoopThread {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let runLoop = RunLoop.current
                runLoop.add(Timer(timeInterval: 1e9, repeats: true) { _ in }, forMode: .default)
                let running = RunLoopThread(runLoop: runLoop)
                continuation.resume(returning: running)
                while !running.stopped.withLock({ $0 }) {
                    _ = runLoop.run(mode: .default, before: .distantFuture)
                }
            }
            thread.start()
        }
    }

    /// Runs `body` on the thread, soon.
    func perform(_ body: @escaping @Sendable () -> Void) {
        runLoop.add(Timer(fire: Date(), interval: 0, repeats: false) { _ in body() }, forMode: .default)
    }

    /// Ends the thread's run loop.
    func stop() {
        stopped.withLock { $0 = true }
        perform {}
    }
}
