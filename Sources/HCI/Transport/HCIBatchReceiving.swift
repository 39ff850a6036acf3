/// A transport whose consumer takes what arrived a batch at a time on its own executor: the wait resumes where
/// the caller runs, with no stream and no hop to another executor per batch.
public protocol HCIBatchReceiving: HCITransport {
    /// Every packet received and not yet taken, oldest first, waiting for one if none is; nil once the transport
    /// ended, and ``TransportError`` thrown when it failed. A consumer reads this or `incoming` (or
    /// `incomingBatches`), never both.
    nonisolated(nonsending) func receiveBatch() async throws -> [HCIPacket]?
}

extension HCITransport {
    /// Hands `body` each batch the transport receives, in order, until it ends: straight from the transport where
    /// the caller runs when it offers that (``HCIBatchReceiving``), through `incomingBatches` otherwise. Throws what
    /// the transport or `body` threw.
    public nonisolated(nonsending) func forEachBatch(_ body: ([HCIPacket]) async throws -> Void) async throws {
        if let source = self as? any HCIBatchReceiving {
            while let batch = try await source.receiveBatch() { try await body(batch) }
        } else {
            for try await batch in incomingBatches { try await body(batch) }
        }
    }
}
