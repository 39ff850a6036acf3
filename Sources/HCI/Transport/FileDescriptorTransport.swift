import Foundation
import Glibc

/// Carries H4 packets over an open file descriptor: a socket, a serial terminal or an HCI socket.
///
/// One I/O thread polls the descriptor (a thread of the transport's own, or a ``PollingExecutor``'s shared with
/// other transports and tasks): it reads bytes into an ``H4Framer``
/// and writes queued packets whole, in order, through interruptions and partial writes. Received
/// packets wait in a bounded queue (the thread stops reading while it is full, so a fast peer is
/// held back by the system's flow control instead of filling memory); each `send` waits for its
/// packet to be written, without blocking a concurrency thread. When `incoming` ends, on close,
/// end of file, an I/O error or a framing error, the transport is shut down and `send` throws
/// ``TransportError/closed``.
public final class FileDescriptorTransport: HCIBatchReceiving {
    /// How many received packets wait for the consumer before reading pauses.
    public static let defaultQueueCapacity = 1024

    /// How a descriptor takes the packets written to it; only the code that opened it knows.
    public enum Framing: Sendable {
        /// A byte stream (a TCP or UNIX stream socket, a terminal): several packets may go in one write.
        case byteStream
        /// One packet per write (an HCI user channel socket, `/dev/vhci`, whose driver drops what follows the
        /// first packet of a write).
        case packetPerWrite
    }

    /// What the descriptor is connected to, for messages (a transport spec or a peer address).
    public let name: String
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    public let incomingBatches: AsyncThrowingStream<[HCIPacket], any Error>
    private let channel: DescriptorChannel
    private let framing: Framing
    private let received: IncomingPacketQueue
    private let outgoing: OutgoingPacketQueue
    private let threadEnded: CompletionSignal
    private let pollingExecutor: PollingExecutor?

    /// Takes ownership of `descriptor` (closing it if this fails), which takes packets as `framing` says, and
    /// starts its I/O: on `executor`'s thread when one is given, on a thread of its own otherwise.
    public init(
        adopting descriptor: Int32,
        name: String,
        framing: Framing = .byteStream,
        limits: H4Framer.Limits = H4Framer.Limits(),
        queueCapacity: Int = defaultQueueCapacity,
        executor: PollingExecutor? = nil
    ) throws(TransportError) {
        let channel = try DescriptorChannel(adopting: descriptor)
        let wakeup = channel.wakeup
        let received = IncomingPacketQueue(capacity: queueCapacity, resumeProducer: { wakeup.signal() })
        let outgoing = OutgoingPacketQueue(wakeWriter: { wakeup.signal() })
        let threadEnded = CompletionSignal()
        self.threadEnded = threadEnded
        self.pollingExecutor = executor
        self.name = name
        self.channel = channel
        self.framing = framing
        self.received = received
        self.outgoing = outgoing
        self.incoming = AsyncThrowingStream(unfolding: { try await received.next() })
        self.incomingBatches = AsyncThrowingStream(unfolding: { try await received.nextBatch() })
        let loop = IOLoop(
            channel: channel, received: received, outgoing: outgoing, ended: threadEnded,
            framer: H4Framer(limits: limits))
        if let executor {
            executor.attach(loop)
        } else {
            let thread = Thread {
                var running = loop
                running.runOnOwnThread()
            }
            thread.name = "HCI \(name)"
            thread.start()
        }
    }

    deinit {
        channel.shutDown()
    }

    /// The ``PollingExecutor`` the transport's I/O runs on, if any.
    public var executor: (any TaskExecutor)? { pollingExecutor }

    public nonisolated(nonsending) func receiveBatch() async throws -> [HCIPacket]? {
        try await received.nextBatch()
    }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        if let error = await write(packet.encoded) { throw error }
    }

    /// Sends the packets in one write on a byte stream, one write each on a descriptor that takes a packet
    /// per write.
    public func send(contentsOf packets: [HCIPacket]) async throws(TransportError) {
        guard framing == .byteStream else {
            for packet in packets { try await send(packet) }
            return
        }
        var bytes: [UInt8] = []
        for packet in packets { bytes += packet.encoded }
        if let error = await write(bytes) { throw error }
    }

    /// Writes `bytes` at once from the calling thread when nothing else is being written and the descriptor
    /// takes them; otherwise (or for what it did not take) through the I/O thread.
    private func write(_ bytes: [UInt8]) async -> TransportError? {
        guard outgoing.claimDirectWrite() else { return await outgoing.write(bytes) }
        var offset = 0
        switch channel.write(bytes, from: &offset) {
        case .written:
            outgoing.releaseDirectWrite()
            return nil
        case .failed(let error):
            outgoing.releaseDirectWrite()
            return error
        case .blocked:
            return await outgoing.write(bytes, from: offset)
        }
    }

    /// Stops the I/O thread, waits for it to end, then closes the descriptor.
    ///
    /// `incoming` finishes after the packets already received.
    public func close() async {
        channel.shutDown()
        await threadEnded.wait()
        channel.closeDescriptor()
    }
}

/// A transport's I/O, one step at a time: write what is queued and say what to poll for, then read what the poll
/// found. Its own thread runs it (``runOnOwnThread()``), or a ``PollingExecutor`` beside other transports'.
struct IOLoop {
    /// What a step found: go on polling, or the transport ended (at end of file, on an I/O or a framing
    /// error, or because it was shut down).
    enum Step {
        case more
        case ended(TransportError?)
    }

    let channel: DescriptorChannel
    let received: IncomingPacketQueue
    let outgoing: OutgoingPacketQueue
    let ended: CompletionSignal
    var framer: H4Framer
    private var pending: [OutgoingPacketQueue.Request] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var isReadPaused = false

    init(
        channel: DescriptorChannel, received: IncomingPacketQueue, outgoing: OutgoingPacketQueue,
        ended: CompletionSignal, framer: H4Framer
    ) {
        self.channel = channel
        self.received = received
        self.outgoing = outgoing
        self.ended = ended
        self.framer = framer
    }

    /// Polls the descriptor on the calling thread until the transport ends.
    mutating func runOnOwnThread() {
        var descriptors = [
            pollfd(fd: channel.wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: channel.descriptor, events: 0, revents: 0),
        ]
        while let events = prepare() {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            descriptors[1].events = events
            let count = events == 0 ? 1 : 2
            guard poll(&descriptors, nfds_t(count), -1) >= 0 else {
                if errno == EINTR { continue }
                return end(.io("poll failed (\(SystemCall.describe(errno)))"))
            }
            if descriptors[0].revents != 0 { channel.wakeup.drain() }
            if case .ended(let error) = handle(count == 2 ? descriptors[1].revents : 0) { return end(error) }
        }
        end(nil)
    }

    /// Writes what is queued and returns the events to poll the descriptor for (none while reading is paused and
    /// nothing waits to be written); nil once the transport was shut down.
    mutating func prepare() -> Int16? {
        guard !channel.hasShutDown else { return nil }
        pending += outgoing.takeAll()
        let isWriteBlocked = writePending()
        if pending.isEmpty { outgoing.threadIsIdle() }
        isReadPaused = received.pauseProducerIfFull()
        return Int16(isReadPaused ? 0 : POLLIN) | Int16(isWriteBlocked ? POLLOUT : 0)
    }

    /// Reads what the poll found readable (`revents`, what it returned for the descriptor).
    mutating func handle(_ revents: Int16) -> Step {
        guard !channel.hasShutDown else { return .ended(nil) }
        let readable = Int16(POLLIN | POLLHUP | POLLERR)
        guard !isReadPaused, revents & readable != 0 else { return .more }
        return readAvailable()
    }

    /// Ends the received packets with `error` (nil: normally), shuts the channel down, fails every unwritten
    /// packet, and signals ``ended``.
    mutating func end(_ error: TransportError?) {
        received.finish(error)
        channel.shutDown()
        for request in pending + outgoing.close() { request.complete(.closed) }
        pending = []
        ended.signal()
    }

    /// Reads once into the framer; the stream ends at end of file, on a read error or on a framing error.
    private mutating func readAvailable() -> Step {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(channel.descriptor, $0.baseAddress, $0.count) }
        if count == 0 { return .ended(nil) }
        if count < 0 {
            return errno == EINTR || errno == EAGAIN
                ? .more : .ended(.io("read failed (\(SystemCall.describe(errno)))"))
        }
        do {
            received.push(try framer.append(buffer[0..<count]))
            return .more
        } catch {
            return .ended(error)
        }
    }

    /// Writes queued packets until done or the descriptor is full; returns whether it is full.
    private mutating func writePending() -> Bool {
        while !pending.isEmpty {
            switch channel.write(pending[0].bytes, from: &pending[0].offset) {
            case .written:
                pending.removeFirst().complete(nil)
            case .blocked:
                return true
            case .failed(let error):
                pending.removeFirst().complete(error)
            }
        }
        return false
    }
}
