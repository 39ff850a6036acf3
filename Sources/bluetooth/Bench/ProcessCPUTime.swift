import Glibc

/// The CPU time this process has used, user and system, from `getrusage`.
enum ProcessCPUTime {
    /// Seconds of CPU used so far.
    static func now() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}
