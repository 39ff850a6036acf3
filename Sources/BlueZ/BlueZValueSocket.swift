import Dispatch
import Glibc

/// The socket bluetoothd hands over for `AcquireNotify` or `AcquireWrite` (`SOCK_SEQPACKET`): one datagram is one
/// characteristic value, received (notifications) or sent (writes without response). Closing it ends the
/// notifications or gives the write lock back.
///
/// Confined to the dispatch queue it was made for: every method is called there, and the handlers run there. The
/// socket is read off that queue, as fast as values come (``BlueZDatagramReader``: bluetoothd drops a notification
/// its end cannot take), and the values wait for the queue in memory. `@unchecked Sendable` only so that it may be
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

    /// The ATT MTU bluetoothd gave with the socket.
    public let mtu: Int
    private let descriptor: Int32
    private let queue: DispatchQueue
    private let sources = DispatchGroup()
    private var reader: BlueZDatagramReader?
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
        let reader = BlueZDatagramReader(
            descriptor: descriptor,
            onValues: { [weak self, queue] values in
                guard let self else { return }
                queue.async { self.deliver(values) }
            },
            onEnd: { [weak self, queue] in
                guard let self else { return }
                queue.async { self.ended() }
            },
            onCancelled: { [sources] in sources.leave() })
        sources.enter()
        self.reader = reader
        reader.start()
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

    /// Hands values read to `onValue`, in order, until the socket is closed.
    private func deliver(_ values: [[UInt8]]) {
        for value in values {
            guard !isClosed else { return }
            onValue?(value)
        }
    }

    private func ended() {
        let handler = onEnd
        close()
        handler?()
    }
}
