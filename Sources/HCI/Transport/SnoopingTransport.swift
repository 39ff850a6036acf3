/// Wraps any transport and logs every packet that crosses it to a btsnoop file.
///
/// Directions are always written from the host's point of view, so a log taken on the controller
/// side of a link (the `bluetooth sim` server) reads the same as one taken in the host.
public final class SnoopingTransport: HCITransport {
    /// Which end of the HCI link the wrapped transport belongs to.
    public enum Perspective: Sendable {
        /// The transport is the host's: what it sends goes to the controller.
        case host
        /// The transport is the controller's: what it sends goes to the host.
        case controller
    }

    /// The wrapped transport.
    public let wrapped: any HCITransport
    /// The log written to.
    public let writer: BTSnoopWriter
    /// Which end of the link `wrapped` belongs to.
    public let perspective: Perspective
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    public let incomingBatches: AsyncThrowingStream<[HCIPacket], any Error>
    private let ownsWriter: Bool
    /// The wrapped transport's bound.
    public var commandTimeout: Duration? { wrapped.commandTimeout }

    public var executor: (any TaskExecutor)? { wrapped.executor }

    /// Logs `wrapped` into `writer`, which stays open when this transport closes.
    public convenience init(wrapping wrapped: any HCITransport, writer: BTSnoopWriter, perspective: Perspective = .host)
    {
        self.init(wrapped: wrapped, writer: writer, perspective: perspective, ownsWriter: false)
    }

    /// Logs `wrapped` into a new btsnoop file at `path`, closed when this transport closes.
    public convenience init(
        wrapping wrapped: any HCITransport, path: String, perspective: Perspective = .host
    )
        throws(TransportError)
    {
        self.init(wrapped: wrapped, writer: try BTSnoopWriter(path: path), perspective: perspective, ownsWriter: true)
    }

    private init(wrapped: any HCITransport, writer: BTSnoopWriter, perspective: Perspective, ownsWriter: Bool) {
        self.wrapped = wrapped
        self.writer = writer
        self.perspective = perspective
        self.ownsWriter = ownsWriter
        let direction: BTSnoopWriter.Direction = perspective == .host ? .received : .sent
        let source = PacketSource(wrapped.incoming)
        self.incoming = AsyncThrowingStream(unfolding: {
            let packet = try await source.next()
            if let packet { writer.write(packet, direction: direction) }
            return packet
        })
        let batches = PacketSource(wrapped.incomingBatches)
        self.incomingBatches = AsyncThrowingStream(unfolding: {
            let batch = try await batches.next()
            for packet in batch ?? [] { writer.write(packet, direction: direction) }
            return batch
        })
    }

    /// Logs the packet, then sends it; logging first keeps a reply from appearing in the log before its cause.
    public func send(_ packet: HCIPacket) async throws(TransportError) {
        writer.write(packet, direction: perspective == .host ? .sent : .received)
        try await wrapped.send(packet)
    }

    /// Logs the packets, then sends them as one batch.
    public func send(contentsOf packets: [HCIPacket]) async throws(TransportError) {
        for packet in packets { writer.write(packet, direction: perspective == .host ? .sent : .received) }
        try await wrapped.send(contentsOf: packets)
    }

    public func close() async {
        await wrapped.close()
        if ownsWriter { writer.close() }
    }
}
