import Foundation

/// One line of a soak's report: the time since the start, what the process holds and what has been done.
struct SoakSample: Sendable, Equatable {
    /// Seconds since the soak started.
    var elapsedSeconds: Int
    /// The process's memory, descriptors and threads.
    var usage: ProcessUsage
    /// The operations completed since the start.
    var counts: SoakCounters.Counts

    /// The sample as a sentence.
    var text: String {
        let megabytes = String(format: "%.1f", Double(usage.residentBytes) / 1_048_576)
        return "\(elapsedSeconds) s: rss \(megabytes) MiB, \(usage.openDescriptors) fds, \(usage.threads) threads; "
            + "\(counts.connections) connections, \(counts.pairings) pairings, \(counts.encryptions) encryptions, "
            + "\(counts.writes) writes, \(counts.notifications) notifications, \(counts.failures) failures"
    }

    /// The sample as one JSON object of numbers.
    var json: String {
        let object: [String: Int] = [
            "elapsedSeconds": elapsedSeconds, "rssBytes": usage.residentBytes,
            "openFileDescriptors": usage.openDescriptors, "threads": usage.threads,
            "connections": counts.connections, "pairings": counts.pairings, "encryptions": counts.encryptions,
            "writes": counts.writes, "notifications": counts.notifications, "failures": counts.failures,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
