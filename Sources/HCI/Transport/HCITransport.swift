/// Carries HCI packets between a host and a controller, whichever side holds it.
///
/// Every transport (in-process, TCP, UNIX socket, serial UART, HCI user channel), the virtual
/// controller and the btsnoop decorator conform, so nothing above knows which one it runs on.
public protocol HCITransport: AnyObject, Sendable {
    /// Sends one packet to the other side.
    func send(_ packet: HCIPacket) async throws(TransportError)
    /// Sends packets in order, in as few writes as the transport allows.
    func send(contentsOf packets: [HCIPacket]) async throws(TransportError)
    /// The packets from the other side, in order; the stream finishes when the transport closes
    /// and throws ``TransportError`` when it fails (a framing error, a lost connection).
    var incoming: AsyncThrowingStream<HCIPacket, any Error> { get }
    /// The same packets as `incoming`, in the batches they arrived in (every packet one read or one push
    /// delivered), so a consumer takes a burst in one wake-up. A consumer reads `incoming` or this, not both.
    var incomingBatches: AsyncThrowingStream<[HCIPacket], any Error> { get }
    /// Closes the transport; `incoming` then finishes.
    func close() async
    /// How long the controller behind this transport may take to answer a command, when the transport knows
    /// better than the host's default; nil leaves it to the host.
    var commandTimeout: Duration? { get }
    /// The executor that does the transport's I/O, when it has one its consumer should run on too (a
    /// ``PollingExecutor``); nil when any will do.
    var executor: (any TaskExecutor)? { get }
}

extension HCITransport {
    /// No bound of the transport's own: the host's default applies.
    public var commandTimeout: Duration? { nil }

    /// No executor of the transport's own.
    public var executor: (any TaskExecutor)? { nil }

    /// Sends packets one at a time, for transports with nothing better to do with a batch.
    public func send(contentsOf packets: [HCIPacket]) async throws(TransportError) {
        for packet in packets { try await send(packet) }
    }

    /// `incoming` one packet per batch, for transports that receive one packet at a time.
    public var incomingBatches: AsyncThrowingStream<[HCIPacket], any Error> {
        let source = PacketSource(incoming)
        return AsyncThrowingStream(unfolding: { try await source.next().map { [$0] } })
    }
}

/// Why a transport could not be opened or failed while in use.
public enum TransportError: Error, Equatable, Sendable {
    /// The transport spec string is not one we understand.
    case invalidSpec(String, reason: String)
    /// Opening the transport failed; `reason` names the system's cause.
    case openFailed(spec: String, reason: String)
    /// The byte stream held something that is not an H4 packet.
    case framing(String)
    /// The transport is closed.
    case closed
    /// Reading or writing failed; `reason` names the system's cause.
    case io(String)
}

extension TransportError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidSpec(let spec, let reason): "invalid transport '\(spec)': \(reason)"
        case .openFailed(let spec, let reason): "cannot open transport '\(spec)': \(reason)"
        case .framing(let reason): "HCI framing error: \(reason)"
        case .closed: "transport closed"
        case .io(let reason): "transport I/O error: \(reason)"
        }
    }
}
