/// A transport whose packets go through one file descriptor (a socket, a tty, a character device) that a
/// ``FileDescriptorTransport`` reads and writes; the conforming type only opens and sets up the descriptor.
public protocol FileDescriptorBacked: HCIBatchReceiving {
    /// The reader and writer of the descriptor.
    var connection: FileDescriptorTransport { get }
}

extension FileDescriptorBacked {
    public var incoming: AsyncThrowingStream<HCIPacket, any Error> { connection.incoming }

    public var incomingBatches: AsyncThrowingStream<[HCIPacket], any Error> { connection.incomingBatches }

    public nonisolated(nonsending) func receiveBatch() async throws -> [HCIPacket]? {
        try await connection.receiveBatch()
    }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        try await connection.send(packet)
    }

    public func send(contentsOf packets: [HCIPacket]) async throws(TransportError) {
        try await connection.send(contentsOf: packets)
    }

    public func close() async {
        await connection.close()
    }

    public var executor: (any TaskExecutor)? { connection.executor }
}
