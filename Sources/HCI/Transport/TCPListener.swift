import Foundation
import Glibc

/// Accepts TCP connections that speak H4 and hands each over as a transport (`bluetooth sim --listen HOST:PORT`).
///
/// A dedicated thread accepts; `connections` yields each accepted connection, holding at most
/// `backlog` not yet taken (more are closed at once). `close()` stops listening; connections
/// already handed over stay open.
public final class TCPListener: Sendable {
    /// The address listened on.
    public let host: String
    /// The port listened on; the one the system picked when asked for port 0.
    public let port: UInt16
    /// The accepted connections, in order; finishes when the listener closes, throws if accepting fails.
    public let connections: AsyncThrowingStream<FileDescriptorTransport, any Error>
    private let channel: DescriptorChannel
    private let continuation: AsyncThrowingStream<FileDescriptorTransport, any Error>.Continuation
    private let acceptorStopped: CompletionSignal

    private init(
        host: String, port: UInt16, channel: DescriptorChannel, backlog: Int, limits: H4Framer.Limits,
        executor: PollingExecutor?
    ) {
        let (connections, continuation) = AsyncThrowingStream.makeStream(
            of: FileDescriptorTransport.self, bufferingPolicy: .bufferingOldest(backlog))
        let acceptorStopped = CompletionSignal()
        self.acceptorStopped = acceptorStopped
        self.host = host
        self.port = port
        self.channel = channel
        self.connections = connections
        self.continuation = continuation
        let thread = Thread {
            Self.accept(on: channel, into: continuation, limits: limits, executor: executor)
            acceptorStopped.signal()
        }
        thread.name = "HCI listener \(host):\(port)"
        thread.start()
    }

    deinit {
        channel.shutDown()
    }

    /// Listens on `host:port`, port 0 picking a free port; the connections' I/O runs on `executor` when one is
    /// given, each on a thread of its own otherwise.
    ///
    /// A failure is ``TransportError/openFailed(spec:reason:)`` naming `HOST:PORT` and the cause.
    public static func listen(
        host: String,
        port: UInt16,
        backlog: Int = 16,
        limits: H4Framer.Limits = H4Framer.Limits(),
        executor: PollingExecutor? = nil
    ) async throws(TransportError) -> TCPListener {
        precondition(backlog > 0, "backlog must be positive")
        let name = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let channel = try await SystemCall.offload { () throws(TransportError) in
            let descriptor = try StreamSocket.listen(host: host, port: port, backlog: Int32(backlog), spec: name)
            return try DescriptorChannel(adopting: descriptor)
        }
        guard let boundPort = StreamSocket.localPort(of: channel.descriptor) else {
            throw .openFailed(spec: name, reason: "cannot read the bound port (\(SystemCall.describe(errno)))")
        }
        return TCPListener(
            host: host, port: boundPort, channel: channel, backlog: backlog, limits: limits, executor: executor)
    }

    /// Stops accepting, waits for the accepting thread to end and closes the listening socket; `connections` finishes.
    public func close() async {
        channel.shutDown()
        await acceptorStopped.wait()
        channel.closeDescriptor()
        continuation.finish()
    }

    private static func accept(
        on channel: DescriptorChannel,
        into continuation: AsyncThrowingStream<FileDescriptorTransport, any Error>.Continuation,
        limits: H4Framer.Limits,
        executor: PollingExecutor?
    ) {
        var descriptors = [
            pollfd(fd: channel.wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while !channel.hasShutDown {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
                if errno == EINTR { continue }
                return continuation.finish(throwing: TransportError.io("poll failed (\(SystemCall.describe(errno)))"))
            }
            if descriptors[0].revents != 0 { channel.wakeup.drain() }
            guard !channel.hasShutDown else { break }
            guard descriptors[1].revents != 0 else { continue }
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.accept(channel.descriptor, $0, &length)
                }
            }
            guard descriptor >= 0 else {
                switch errno {
                case EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO:
                    continue
                default:
                    return continuation.finish(
                        throwing: TransportError.io("accept failed (\(SystemCall.describe(errno)))"))
                }
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            StreamSocket.disableDelay(descriptor)
            let name = "tcp:\(StreamSocket.describe(peer))"
            guard
                let transport = try? FileDescriptorTransport(
                    adopting: descriptor, name: name, limits: limits, executor: executor)
            else {
                continue
            }
            _ = continuation.yield(transport)
        }
        continuation.finish()
    }
}
