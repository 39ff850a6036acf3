/// Pulls packets (or batches of them) from a transport's stream for one consumer at a time, so a wrapping
/// transport can observe or change each as it is taken.
public actor PacketSource<Element: Sendable> {
    private var iterator: AsyncThrowingStream<Element, any Error>.AsyncIterator?

    /// Takes over reading `stream`.
    public init(_ stream: AsyncThrowingStream<Element, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    /// The next element; nil once the stream ended.
    public func next() async throws -> Element? {
        guard var current = iterator else { return nil }
        iterator = nil
        defer { iterator = current }
        return try await current.next(isolation: self)
    }
}
