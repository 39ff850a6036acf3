import HCI

/// A virtual LE controller on an ``Air``, seen from its host: it takes HCI commands and ACL data and answers
/// with encoded HCI events and ACL data, exactly as a controller behind a transport would.
///
/// Every command is answered (Command Complete, or Command Status then the outcome's event), with one
/// command credit; an unknown opcode gets Unknown HCI Command (0x01) and malformed parameters get Invalid
/// HCI Command Parameters (0x12). Event masks start at the spec's defaults, which leave LE Meta events off:
/// a host must set its masks to hear LE events.
public final class VirtualController: HCIBatchReceiving {
    /// The controller's name on its air.
    public let id: ControllerID
    /// The air the controller is on.
    public let air: Air
    let queue: HostQueue
    /// Events and ACL data for the host, in order; the stream ends when the controller is closed.
    ///
    /// What waits here is bounded by ``VirtualControllerConfiguration/hostQueueCapacity``: past half of it
    /// advertising reports are dropped; past three quarters ACL for the host waits on the air and the sender's
    /// Number Of Completed Packets with it; a host that lets the queue fill up entirely has stopped reading,
    /// so the stream fails with ``TransportError/io(_:)`` and the controller leaves the air.
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    /// What `incoming` carries, every packet waiting for the host in one batch.
    public let incomingBatches: AsyncThrowingStream<[HCIPacket], any Error>
    /// Two minutes: a virtual controller answers every command, so an answer is late only when the process is
    /// starved of CPU (a loaded CI machine running many hosts at once), and that must not fail a host's start.
    public var commandTimeout: Duration? { .seconds(120) }

    init(id: ControllerID, air: Air, queue: HostQueue) {
        self.id = id
        self.air = air
        self.queue = queue
        incoming = AsyncThrowingStream(unfolding: { try await queue.next() })
        incomingBatches = AsyncThrowingStream(unfolding: { try await queue.nextBatch() })
    }

    /// What `incomingBatches` carries, taken on the caller's executor.
    public nonisolated(nonsending) func receiveBatch() async throws -> [HCIPacket]? {
        try await queue.nextBatch()
    }

    /// Hands the controller one packet from the host (a command or ACL data; anything else is ignored).
    public func send(_ packet: HCIPacket) async throws(TransportError) {
        guard !queue.isFinished else { throw .closed }
        await air.receive([packet], from: id)
    }

    /// Hands the controller packets from the host in one step, as a burst over a transport arrives.
    public func send(contentsOf packets: [HCIPacket]) async throws(TransportError) {
        guard !queue.isFinished else { throw .closed }
        await air.receive(packets, from: id)
    }

    /// Takes the controller off the air: its peers see their links end with Connection Timeout (0x08), as
    /// when a device vanishes, and `incoming` finishes.
    public func close() async {
        await air.remove(id)
    }

    /// Moves the controller on the air.
    public func move(to position: Position) async {
        await air.setPosition(position, of: id)
    }
}
