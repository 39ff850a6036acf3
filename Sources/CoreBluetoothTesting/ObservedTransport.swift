import HCI
import Synchronization

/// A count of the packets that crossed a simulation's controllers: while it moves, the hosts are busy, and the
/// simulation does not move its clock.
final class Activity: Sendable {
    private let count = Atomic<UInt64>(0)

    /// Packets counted so far.
    var packets: UInt64 { count.load(ordering: .acquiring) }

    /// Counts `n` packets.
    func add(_ n: Int) {
        count.add(UInt64(n), ordering: .releasing)
    }
}

/// Passes a controller's packets through unchanged, counting them in an ``Activity``.
final class ObservedTransport: HCITransport {
    let wrapped: any HCITransport
    let activity: Activity
    let incoming: AsyncThrowingStream<HCIPacket, any Error>
    let incomingBatches: AsyncThrowingStream<[HCIPacket], any Error>

    var commandTimeout: Duration? { wrapped.commandTimeout }
    var executor: (any TaskExecutor)? { wrapped.executor }

    init(wrapping wrapped: any HCITransport, activity: Activity) {
        self.wrapped = wrapped
        self.activity = activity
        let source = PacketSource(wrapped.incoming)
        incoming = AsyncThrowingStream(unfolding: {
            let packet = try await source.next()
            activity.add(1)
            return packet
        })
        let batches = PacketSource(wrapped.incomingBatches)
        incomingBatches = AsyncThrowingStream(unfolding: {
            let batch = try await batches.next()
            activity.add(batch?.count ?? 1)
            return batch
        })
    }

    func send(_ packet: HCIPacket) async throws(TransportError) {
        activity.add(1)
        try await wrapped.send(packet)
    }

    func send(contentsOf packets: [HCIPacket]) async throws(TransportError) {
        activity.add(packets.count)
        try await wrapped.send(contentsOf: packets)
    }

    func close() async {
        await wrapped.close()
    }
}
