import Foundation
import Glibc

/// Carries H4 packets over an open file descriptor: a socket, a serial terminal or an HCI socket.
///
/// A dedicated thread reads the descriptor and cuts the bytes into packets with an ``H4Framer``;
/// `incoming` hands them over through a bounded queue (the reader pauses while it is full, so a
/// fast peer is held back rather than filling memory). Writes are serialised and always whole.
/// `incoming` finishes when either side closes and throws on a framing or I/O error, after which
/// the transport is shut down and `send` throws ``TransportError/closed``.
public final class FileDescriptorTransport: HCITransport {
    /// How many received packets wait for the consumer before the reader pauses.
    public static let defaultQueueCapacity = 1024

    /// What the descriptor is connected to, for messages (a transport spec or a peer address).
    public let name: String
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    private let channel: DescriptorChannel
    private let queue: IncomingPacketQueue
    private let readerStopped = CompletionSignal()

    /// Takes ownership of `descriptor` (closing it if this fails) and starts reading from it.
    public init(
        adopting descriptor: Int32,
        name: String,
        limits: H4Framer.Limits = H4Framer.Limits(),
        queueCapacity: Int = defaultQueueCapacity
    ) throws(TransportError) {
        let channel = try DescriptorChannel(adopting: descriptor)
        let resume = channel.resume
        let queue = IncomingPacketQueue(capacity: queueCapacity, resumeProducer: { resume.signal() })
        let readerStopped = readerStopped
        self.name = name
        self.channel = channel
        self.queue = queue
        self.incoming = AsyncThrowingStream(unfolding: { try await queue.next() })
        let thread = Thread {
            Self.read(channel, into: queue, framer: H4Framer(limits: limits))
            channel.shutDown()
            readerStopped.signal()
        }
        thread.name = "HCI reader \(name)"
        thread.start()
    }

    deinit {
        channel.shutDown()
    }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        try channel.write(packet.encoded)
    }

    /// Stops the reader, waits for its thread to end, then closes the descriptor; `incoming` finishes after the packets already received.
    public func close() async {
        channel.shutDown()
        await readerStopped.wait()
        queue.finish(nil)
        channel.closeDescriptor()
    }

    private static func read(_ channel: DescriptorChannel, into queue: IncomingPacketQueue, framer: H4Framer) {
        var framer = framer
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var descriptors = [
            pollfd(fd: channel.closing.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: channel.resume.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let isPaused = queue.pauseProducerIfFull()
            for index in descriptors.indices { descriptors[index].revents = 0 }
            guard poll(&descriptors, nfds_t(isPaused ? 2 : 3), -1) >= 0 else {
                if errno == EINTR { continue }
                return queue.finish(.io("poll failed (\(SystemCall.describe(errno)))"))
            }
            if descriptors[0].revents != 0 { return queue.finish(nil) }
            if descriptors[1].revents != 0 { channel.resume.drain() }
            guard !isPaused, descriptors[2].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(channel.descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                do {
                    queue.push(try framer.append(buffer[0..<count]))
                } catch {
                    return queue.finish(error)
                }
            } else if count == 0 {
                return queue.finish(nil)
            } else if errno != EINTR, errno != EAGAIN {
                return queue.finish(.io("read failed (\(SystemCall.describe(errno)))"))
            }
        }
    }
}
