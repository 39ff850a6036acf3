import Glibc
import Synchronization

/// An owned, non-blocking file descriptor and the pipe that wakes the thread polling it.
///
/// `shutDown()` asks that thread to stop (and shuts a socket down so the peer sees the end); the
/// descriptor is closed by `closeDescriptor()` once that thread has ended, or when the last owner
/// lets go, so no thread ever uses a closed or reused descriptor.
final class DescriptorChannel: Sendable {
    /// The descriptor.
    let descriptor: Int32
    /// Whether the descriptor is a socket (written with `send`, so a vanished peer is an error, not SIGPIPE).
    let isSocket: Bool
    /// Signalled whenever the polling thread has something new to look at.
    let wakeup: WakeupPipe
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
            wakeup = try WakeupPipe()
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

    /// Asks the polling thread to stop, and shuts a socket down so the peer sees the end.
    func shutDown() {
        guard !isShutDown.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wakeup.signal()
        guard isSocket else { return }
        isOpen.withLock { isOpen in
            if isOpen { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// How far a write got.
    enum WriteProgress {
        case written
        case blocked
        case failed(TransportError)
    }

    /// Writes `bytes` from `offset` on, advancing it, until all are written, the descriptor is full or the write
    /// fails; a descriptor already shut down or closed is ``TransportError/closed``.
    func write(_ bytes: [UInt8], from offset: inout Int) -> WriteProgress {
        guard !hasShutDown else { return .failed(.closed) }
        return isOpen.withLock { isOpen -> WriteProgress in
            guard isOpen else { return .failed(.closed) }
            while offset < bytes.count {
                let start = offset
                let written = bytes.withUnsafeBytes { bytes -> Int in
                    guard let base = bytes.baseAddress else { return 0 }
                    return isSocket
                        ? Glibc.send(descriptor, base + start, bytes.count - start, Int32(MSG_NOSIGNAL))
                        : Glibc.write(descriptor, base + start, bytes.count - start)
                }
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written < 0 ? errno : EAGAIN
                switch code {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return .blocked
                default: return .failed(.io("write failed (\(SystemCall.describe(code)))"))
                }
            }
            return .written
        }
    }

    /// Closes the descriptor once; call only after the polling thread has ended.
    func closeDescriptor() {
        isOpen.withLock { isOpen in
            if isOpen { Glibc.close(descriptor) }
            isOpen = false
        }
    }
}
