import Dispatch
import Glibc

/// Process signal handling: Ctrl-C (SIGINT) and SIGTERM end every command cleanly, with exit status 0.
enum Signals {
    /// Unblocks SIGINT and SIGTERM, which a parent (such as a test runner) may have left blocked.
    private static func unblockTermination() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Runs `handler` on `queue` when SIGINT or SIGTERM arrives, instead of letting the signal end the process;
    /// keep the returned sources for as long as the handler should apply, and cancel them to stop.
    static func onTermination(
        queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void
    ) -> [any DispatchSourceSignal] {
        unblockTermination()
        return [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// Ends the process with status 0 at SIGINT or SIGTERM, after `cleanup` has run on `queue`; for commands that
    /// run until stopped (`serve`, `sim`, `demo`).
    static func exitCleanlyOnTermination(
        queue: DispatchQueue, _ cleanup: @escaping @Sendable () -> Void = {}
    ) -> [any DispatchSourceSignal] {
        onTermination(queue: queue) {
            cleanup()
            exit(0)
        }
    }
}
