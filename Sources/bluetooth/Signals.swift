import Glibc

/// Process signal handling for long-running commands.
enum Signals {
    /// Unblocks SIGINT and SIGTERM, which a parent (such as a test runner) may have left blocked,
    /// so that the default action ends the process.
    static func unblockTermination() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
