/// A transport whose consumer takes what arrived a batch at a time on its own executor: the wait resumes where
/// the caller runs, with no stream and no hop to another executor per batch.
public protocol HCIBatchReceiving: HCITransport {
    /// Every packet received and not yet taken, oldest first, waiting for one if none is; nil once the transport
    /// ended, and ``TransportError`` thrown when it failed. A consumer reads this or `incoming` (or
    /// `incomingBatches`), never both.
    nonisolated(nonsending) func receiveBatch() async throws -> [HCIPacket]?
}
