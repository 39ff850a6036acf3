import Dispatch
import Glibc

/// Empties a `SOCK_SEQPACKET` socket of bluetoothd's as fast as datagrams come, on a queue of its own, and hands them
/// on in order, one batch per pass.
///
/// bluetoothd drops a value that its end of an acquired socket cannot take (a full socket buffer holds about 270 small
/// values), so the socket is not left to be read at the pace of the app's queue: the values wait in memory instead.
/// `@unchecked Sendable`: the mutable state is confined to the reader's own queue.
final class BlueZDatagramReader: @unchecked Sendable {
    /// The largest value bluetoothd hands over in one datagram; ATT values are at most 512 bytes.
    static let largestValue = 1024
    /// The most values handed on in one batch, so that a stream that never pauses is still handed on as it comes.
    static let batchLimit = 256

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "org.corebluetooth.bluez.datagrams", qos: .userInitiated)
    private let source: any DispatchSourceRead
    private let onValues: @Sendable ([[UInt8]]) -> Void
    private let onEnd: @Sendable () -> Void
    private var hasEnded = false

    /// Reads `descriptor` (non-blocking, still owned by the caller) once ``start()`` is called: `onValues` gets each
    /// batch read, `onEnd` is called once when the other end closes or the socket fails, and `onCancelled` once no
    /// read can happen any more (after ``cancel()``), when the caller may close the descriptor. All run on the
    /// reader's queue.
    init(
        descriptor: Int32, onValues: @escaping @Sendable ([[UInt8]]) -> Void,
        onEnd: @escaping @Sendable () -> Void, onCancelled: @escaping @Sendable () -> Void
    ) {
        self.descriptor = descriptor
        self.onValues = onValues
        self.onEnd = onEnd
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setCancelHandler(handler: onCancelled)
        source.setEventHandler { [weak self] in self?.readAvailable() }
    }

    /// Starts reading.
    func start() {
        source.resume()
    }

    /// Reads, and hands on, every datagram waiting now, before returning (from any thread but the reader's queue).
    func drain() {
        queue.sync { readAvailable() }
    }

    /// Whether reading has stopped: cancelled, or the socket ended.
    var isCancelled: Bool {
        source.isCancelled
    }

    /// Stops reading; `onCancelled` follows once no read is under way.
    func cancel() {
        source.cancel()
    }

    /// Reads until the socket is empty; a hang-up or an error ends the reading.
    private func readAvailable() {
        guard !hasEnded, !source.isCancelled else { return }
        var buffer = [UInt8](repeating: 0, count: Self.largestValue)
        var values: [[UInt8]] = []
        while !hasEnded {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_TRUNC))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                hasEnded = true
            } else if count == 0, hungUp {
                hasEnded = true
            } else if count <= buffer.count {
                values.append(Array(buffer[..<count]))
                if values.count == Self.batchLimit {
                    onValues(values)
                    values = []
                }
            }
        }
        if !values.isEmpty { onValues(values) }
        if hasEnded {
            source.cancel()
            onEnd()
        }
    }

    /// Whether the other end has closed: an empty datagram and the end of the stream both read as 0 bytes.
    private var hungUp: Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLHUP | POLLERR) != 0
    }
}
