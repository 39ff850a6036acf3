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
    /// Whether the descriptor carries a byte stream (a TCP or UNIX stream socket, a terminal), so several
    /// packets may go in one write; an HCI socket takes exactly one packet per write.
    let isStream: Bool
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
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        isStream =
            !isSocket
            || getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0 && type == Int32(SOCK_STREAM.rawValue)
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

    /// Closes the descriptor once; call only after the polling thread has ended.
    func closeDescriptor() {
        isOpen.withLock { isOpen in
            if isOpen { Glibc.close(descriptor) }
            isOpen = false
        }
    }
}
