/// Pulls packets from a transport's stream for one consumer at a time, so a wrapping transport can observe or
/// change each as it is taken.
public actor PacketSource {
    private var iterator: AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator?

    /// Takes over reading `stream`.
    public init(_ stream: AsyncThrowingStream<HCIPacket, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    /// The next packet; nil once the stream ended.
    public func next() async throws -> HCIPacket? {
        guard var current = iterator else { return nil }
        iterator = nil
        defer { iterator = current }
        return try await current.next(isolation: self)
    }
}
