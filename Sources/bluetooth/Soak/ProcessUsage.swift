import Foundation

/// What this process holds at one moment, read from `/proc/self`: resident memory, open file descriptors and
/// threads. Swift tasks have no public count; the threads running them are what grows when tasks pile up.
struct ProcessUsage: Sendable, Equatable {
    /// Resident set size, in bytes.
    var residentBytes: Int
    /// Open file descriptors.
    var openDescriptors: Int
    /// Threads of the process.
    var threads: Int

    /// Reads the current figures; a figure `/proc` does not give reads as 0.
    static func current() -> ProcessUsage {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 0
        return ProcessUsage(
            residentBytes: field("VmRSS", in: status) * 1024, openDescriptors: max(0, descriptors - 1),
            threads: field("Threads", in: status))
    }

    /// The number after `name:` in `/proc/self/status` (kB for sizes).
    private static func field(_ name: String, in status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
        }
        return 0
    }
}
