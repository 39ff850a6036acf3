import Glibc
import Synchronization

/// An owned, non-blocking file descriptor with the pipes that wake its reader and writers.
///
/// Writes are serialised by a lock and always complete or fail whole. `shutDown()` wakes every
/// thread blocked on the descriptor; the descriptor itself is closed by `closeDescriptor()` or
/// when the last owner lets go, so no thread ever uses a closed (or reused) descriptor.
final class DescriptorChannel: Sendable {
    /// The descriptor; never closed while a reader or writer may use it.
    let descriptor: Int32
    /// Whether the descriptor is a socket (written with `send`, so a vanished peer is an error, not SIGPIPE).
    let isSocket: Bool
    /// Signalled once at shutdown and never drained, so every poller sees it.
    let closing: WakeupPipe
    /// Signalled when a paused reader may read again; drained by the reader.
    let resume: WakeupPipe
    private let isShutDown = Atomic(false)
    private let isOpen = Mutex(true)

    /// Takes ownership of `descriptor` (closing it if this fails) and makes it non-blocking.
    init(adopting descriptor: Int32) throws(TransportError) {
        self.descriptor = descriptor
        var status = stat()
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0, fstat(descriptor, &status) == 0 else {
            let reason = SystemCall.describe(errno)
            Glibc.close(descriptor)
            throw .io("cannot configure descriptor \(descriptor) (\(reason))")
        }
        isSocket = status.st_mode & S_IFMT == S_IFSOCK
        do {
            closing = try WakeupPipe()
            resume = try WakeupPipe()
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    deinit {
        closeDescriptor()
    }

    /// Whether `shutDown()` has been called.
    var hasShutDown: Bool { isShutDown.load(ordering: .acquiring) }

    /// Stops all use: wakes the reader and any blocked writer, and shuts a socket down so the peer sees the end.
    func shutDown() {
        guard !isShutDown.exchange(true, ordering: .acquiringAndReleasing) else { return }
        closing.signal()
        if isSocket {
            isOpen.withLock { isOpen in
                if isOpen { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }
    }

    /// Closes the descriptor once; call only after the reader has stopped.
    func closeDescriptor() {
        isOpen.withLock { isOpen in
            if isOpen { Glibc.close(descriptor) }
            isOpen = false
        }
    }

    /// Writes all of `bytes`, retrying after interruptions and partial writes, and waiting while the descriptor is full.
    func write(_ bytes: [UInt8]) throws(TransportError) {
        try isOpen.withLock { isOpen throws(TransportError) in
            guard isOpen, !hasShutDown else { throw .closed }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    let remaining = buffer.count - offset
                    return isSocket
                        ? Glibc.send(descriptor, base + offset, remaining, Int32(MSG_NOSIGNAL))
                        : Glibc.write(descriptor, base + offset, remaining)
                }
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written < 0 ? errno : EAGAIN
                switch code {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    try waitUntilWritable()
                default:
                    throw .io("write failed (\(SystemCall.describe(code)))")
                }
            }
        }
    }

    private func waitUntilWritable() throws(TransportError) {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
            pollfd(fd: closing.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
            guard errno == EINTR else { throw .io("poll failed (\(SystemCall.describe(errno)))") }
        }
        if descriptors[1].revents != 0 { throw .closed }
    }
}
