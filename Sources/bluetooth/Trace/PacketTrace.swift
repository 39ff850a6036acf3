import Foundation
import HCI
import Synchronization

/// The `-v` packet trace: a thread of ours reads the manager's btsnoop log (the stack's one packet hook) as it is
/// written and prints each packet as a ``PacketLine`` on standard error. Without `--btsnoop` the log goes to a FIFO
/// of this process; with it, the thread follows the growing file.
enum PacketTrace {
    /// Starts the trace and returns the path to give a manager as its btsnoop log: `btsnoop`, or a FIFO when it is
    /// nil; nil when the trace cannot start.
    static func start(detailed: Bool, btsnoop: String?) -> String? {
        let path: String
        let follows: Bool
        if let btsnoop {
            guard FileManager.default.createFile(atPath: btsnoop, contents: nil) else { return nil }
            (path, follows) = (btsnoop, true)
        } else {
            path = fifoPath
            guard mkfifo(path, 0o600) == 0 else { return nil }
            atexit { unlink(PacketTrace.fifoPath) }
            follows = false
        }
        Thread.detachNewThread {
            read(path, follows: follows, detailed: detailed)
        }
        atexit { PacketTrace.drain() }
        return path
    }

    /// What the reader has taken from the log and printed, so that exit can wait for the rest.
    private struct Progress {
        var input: Int32 = -1
        var consumed = 0
        var inFlight = false
        var isDone = false
    }

    private static let progress = Mutex(Progress())

    /// Waits, for a second at most, until the reader has printed every record already in the log, so that the
    /// last packets of a command are not lost when it exits.
    private static func drain() {
        for _ in 0..<100 {
            let caughtUp = progress.withLock { progress -> Bool in
                guard !progress.isDone, progress.input >= 0 else { return true }
                if progress.inFlight { return false }
                var stats = stat()
                if fstat(progress.input, &stats) == 0, stats.st_mode & S_IFMT == S_IFREG {
                    return Int(stats.st_size) <= progress.consumed
                }
                var waiting: Int32 = 0
                return ioctl(progress.input, UInt(FIONREAD), &waiting) == 0 && waiting == 0
            }
            if caughtUp { return }
            usleep(10_000)
        }
    }

    private static let fifoPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("bluetooth-trace-\(getpid())").path

    /// Reads btsnoop records until the writer closes the FIFO (or, following a file, for as long as the process runs).
    private static func read(_ path: String, follows: Bool, detailed: Bool) {
        guard let input = FileHandle(forReadingAtPath: path) else { return }
        progress.withLock { $0.input = input.fileDescriptor }
        defer {
            progress.withLock { $0.isDone = true }
            try? input.close()
        }
        func next(_ count: Int) -> [UInt8]? {
            var bytes: [UInt8] = []
            while bytes.count < count {
                let data: Data
                do {
                    data = try input.read(upToCount: count - bytes.count) ?? Data()
                } catch {
                    return nil
                }
                if data.isEmpty {
                    guard follows else { return nil }
                    usleep(10_000)
                }
                if !data.isEmpty { progress.withLock { $0.inFlight = true } }
                bytes += data
            }
            return bytes
        }
        guard next(16) != nil else { return }
        progress.withLock {
            $0.consumed = 16
            $0.inFlight = false
        }
        while let header = next(24) {
            let length = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
            let flags = header[8..<12].reduce(0) { $0 << 8 | Int($1) }
            guard length > 0, length <= 0x1_0000, let record = next(length) else { return }
            if let indicator = record.first,
                let packet = try? HCIPacket(
                    indicator: HCIPacket.Indicator(rawValue: indicator), body: Array(record.dropFirst()))
            {
                let line = PacketLine.describe(packet, sent: flags & 1 == 0, detailed: detailed)
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            progress.withLock {
                $0.consumed += 24 + length
                $0.inFlight = false
            }
        }
    }
}
