import HCI

/// A virtual LE controller on an ``Air``, seen from its host: it takes HCI commands and ACL data and answers
/// with encoded HCI events and ACL data, exactly as a controller behind a transport would.
public final class VirtualController: HCITransport {
    /// The controller's name on its air.
    public let id: ControllerID
    /// The air the controller is on.
    public let air: Air
    let queue: HostQueue
    /// Events and ACL data for the host, in order; the stream ends when the controller is closed.
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>

    init(id: ControllerID, air: Air, queue: HostQueue) {
        self.id = id
        self.air = air
        self.queue = queue
        incoming = AsyncThrowingStream(unfolding: { try await queue.next() })
    }

    /// Hands the controller one packet from the host (a command or ACL data; anything else is ignored).
    public func send(_ packet: HCIPacket) async throws(TransportError) {
        guard !queue.isFinished else { throw .closed }
        await air.receive(packet, from: id)
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
