import Dispatch
import Glibc

/// The socket bluetoothd hands over for `AcquireNotify` or `AcquireWrite` (`SOCK_SEQPACKET`): one datagram is one
/// characteristic value, received (notifications) or sent (writes without response). Closing it ends the
/// notifications or gives the write lock back.
///
/// Confined to the dispatch queue it was made for: every method is called there, and the handlers run there. Reading
/// is driven by a dispatch source on that queue, so values are read no faster than the queue takes them (bounded by
/// the kernel's socket buffer, where bluetoothd drops what does not fit). `@unchecked Sendable` only so that it may be
/// handed to that queue.
public final class BlueZValueSocket: @unchecked Sendable {
    /// What ``send(_:)`` did with a value.
    public enum SendResult: Equatable, Sendable {
        /// The whole value went out as one datagram.
        case sent
        /// The socket's buffer is full (`EAGAIN`): nothing was sent; ``whenWritable(_:)`` says when to retry.
        case full
        /// The socket is closed or broken (the errno, 0 when it was closed here): nothing was sent.
        case closed(Int32)
    }

    /// The largest value bluetoothd hands over or accepts in one datagram; ATT values are at most 512 bytes.
    static let largestValue = 1024
    /// The most datagrams read in one turn of the queue, so that a fast stream cannot starve the queue's other work.
    static let datagramsPerTurn = 32

    /// The ATT MTU bluetoothd gave with the socket.
    public let mtu: Int
    private let descriptor: Int32
    private let queue: DispatchQueue
    private let sources = DispatchGroup()
    private var reader: (any DispatchSourceRead)?
    private var writer: (any DispatchSourceWrite)?
    private var onValue: (([UInt8]) -> Void)?
    private var onEnd: (() -> Void)?
    private var isClosed = false

    /// Owns the socket in `descriptor` (made non-blocking here) from now on; used on `queue` only.
    public init(adopting descriptor: BlueZFileDescriptor, mtu: Int, queue: DispatchQueue) throws(BlueZError) {
        guard let raw = descriptor.take() else {
            throw BlueZError(name: "org.corebluetooth.Error.NoSocket", message: "the socket was handed over already")
        }
        _ = fcntl(raw, F_SETFL, fcntl(raw, F_GETFL) | O_NONBLOCK)
        self.descriptor = raw
        self.mtu = mtu
        self.queue = queue
        sources.enter()
        sources.notify(queue: queue) { Glibc.close(raw) }
    }

    /// Starts reading: `onValue` gets each datagram, in order; `onEnd` is called once when bluetoothd closes its end
    /// or the socket fails (not after ``close()``). A write socket is read too, only to learn that it ended.
    public func startReading(onValue: @escaping ([UInt8]) -> Void, onEnd: @escaping () -> Void) {
        guard !isClosed, reader == nil else { return }
        self.onValue = onValue
        self.onEnd = onEnd
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readAvailable() }
        source.setCancelHandler { [sources] in sources.leave() }
        sources.enter()
        reader = source
        source.resume()
    }

    /// Sends one value as one datagram, without waiting.
    public func send(_ value: [UInt8]) -> SendResult {
        guard !isClosed else { return .closed(0) }
        let sent = value.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent == value.count { return .sent }
        switch errno {
        case EAGAIN, EWOULDBLOCK, ENOBUFS: return .full
        default: return .closed(errno)
        }
    }

    /// Calls `ready` once, on the queue, when the socket can take a datagram again (or has failed, which the next
    /// ``send(_:)`` then reports); replaces a call already waiting.
    public func whenWritable(_ ready: @escaping () -> Void) {
        guard !isClosed else { return }
        writer?.cancel()
        let source = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self, let writer else { return }
            writer.cancel()
            self.writer = nil
            ready()
        }
        source.setCancelHandler { [sources] in sources.leave() }
        sources.enter()
        writer = source
        source.resume()
    }

    /// Closes the socket (once its dispatch sources are done with it): bluetoothd sees it hang up. Nothing more is
    /// read, sent or reported.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        onValue = nil
        onEnd = nil
        reader?.cancel()
        writer?.cancel()
        reader = nil
        writer = nil
        sources.leave()
    }

    deinit {
        close()
    }

    /// Reads the datagrams waiting, up to a turn's worth, then leaves the queue to other work and comes back for the
    /// rest (the dispatch source does not fire again for data that came before a hang-up); a hang-up or an error ends
    /// the socket.
    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: Self.largestValue)
        for _ in 0..<Self.datagramsPerTurn {
            guard !isClosed else { return }
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_TRUNC))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? () : ended()
            }
            if count == 0, hungUp { return ended() }
            guard count <= buffer.count else { continue }
            onValue?(Array(buffer[..<count]))
        }
        queue.async { [weak self] in self?.readAvailable() }
    }

    /// Whether the other end has closed: an empty datagram and the end of the stream both read as 0 bytes.
    private var hungUp: Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLHUP | POLLERR) != 0
    }

    private func ended() {
        let handler = onEnd
        close()
        handler?()
    }
}
