import CDBus
import Glibc

/// A pipe that ends the dispatch thread's wait: libdbus signals it when a message another thread queued is left for
/// the dispatch thread to write (the socket was busy or full), and closing the connection signals it so the thread
/// sees it stop.
final class DBusWakeup: Sendable {
    /// The end to poll for reading: readable once signalled, until drained.
    let descriptor: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (descriptor, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        Glibc.close(descriptor)
        Glibc.close(writeEnd)
    }

    /// Makes ``descriptor`` readable (a full pipe is readable already).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Makes ``descriptor`` unreadable again, taking every signal so far.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &bytes, bytes.count) == bytes.count {}
    }
}

/// libdbus's wakeup-main function: signals the ``DBusWakeup`` it was given.
let dbusWakeupMain: CDBusWakeupMain = { context in
    guard let context else { return }
    Unmanaged<DBusWakeup>.fromOpaque(context).takeUnretainedValue().signal()
}
