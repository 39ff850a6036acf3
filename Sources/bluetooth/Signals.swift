import Glibc
import Synchronization

/// Process signal handling: Ctrl-C (SIGINT) and SIGTERM end every command cleanly, with exit status 0.
///
/// ``takeOver()``, the first thing the process does (``Entry``), blocks both signals in the main thread, so that
/// every thread made afterwards starts with them blocked, and starts one thread that takes them with `sigwait`.
/// A thread that has them unblocked all the same (the main thread waits in `dispatchMain()` with every signal
/// unblocked) runs a handler that only forwards the signal to that thread. So a signal is never lost, and no
/// handler code runs on a thread the signal happened to land on. (A libdispatch signal source, with the signal's
/// disposition at `SIG_IGN` as before, lost a SIGTERM now and then: an ignored signal that a thread has unblocked
/// is discarded when it is sent.)
///
/// While no handler is registered a signal ends the process as it would by default.
enum Signals {
    /// The handlers registered now, by registration number.
    private static let handlers = Mutex<[Int: @Sendable () -> Void]>([:])
    /// The number the next registration gets.
    private static let nextNumber = Atomic(0)
    /// SIGINT and SIGTERM.
    private static var termination: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Blocks SIGINT and SIGTERM in the calling thread (and so in every thread it makes afterwards), starts the
    /// thread that takes them and has every other thread forward them there; called once, on the main thread
    /// before any other thread exists (``Entry``).
    static func takeOver() {
        var set = termination
        pthread_sigmask(SIG_BLOCK, &set, nil)
        pthread_create(&signalThread, nil, { _ in Signals.takeSignals() }, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in pthread_kill(signalThread, number) }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// Waits for SIGINT and SIGTERM forever, running the registered handlers for each, or ending the process as the
    /// signal would by default when there are none.
    private static func takeSignals() -> Never {
        var set = termination
        while true {
            var number: Int32 = 0
            guard sigwait(&set, &number) == 0 else { continue }
            let current = handlers.withLock { Array($0.values) }
            guard !current.isEmpty else { endByDefault(number) }
            for handler in current { handler() }
        }
    }

    /// Ends the process as `number`'s default action does: raised at this thread, then unblocked.
    private static func endByDefault(_ number: Int32) -> Never {
        signal(number, SIG_DFL)
        raise(number)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        _exit(128 + number)
    }

    /// Runs `handler` (on the signal thread; keep it short or bounded) at each SIGINT or SIGTERM for as long as the
    /// returned registration is kept.
    static func onTermination(_ handler: @escaping @Sendable () -> Void) -> Registration {
        let number = nextNumber.add(1, ordering: .relaxed).oldValue
        handlers.withLock { $0[number] = handler }
        return Registration(number: number)
    }

    /// Ends the process with status 0 at SIGINT or SIGTERM, after `cleanup` has run; for commands that run until
    /// stopped (`serve`, `sim`, `demo`, `vhci`).
    static func exitCleanlyOnTermination(_ cleanup: @escaping @Sendable () -> Void = {}) -> Registration {
        onTermination {
            cleanup()
            exit(0)
        }
    }

    /// A handler's registration: the handler applies until this goes away.
    final class Registration: Sendable {
        private let number: Int

        fileprivate init(number: Int) {
            self.number = number
        }

        deinit {
            _ = Signals.handlers.withLock { $0.removeValue(forKey: number) }
        }
    }
}

/// The thread that takes SIGINT and SIGTERM (``Signals``); set once, before the forwarding handler is installed.
nonisolated(unsafe) private var signalThread = pthread_t()
