import HCI

/// A new LE connection as the controller reported it, whichever Connection Complete form it used.
public struct LinkEstablished: Sendable, Equatable {
    /// The connection's handle.
    public var handle: ConnectionHandle
    /// Whether this side is central or peripheral.
    public var role: Role
    /// The peer's address, as the link layer saw it.
    public var peerAddress: BluetoothAddress
    /// The kind of ``peerAddress``.
    public var peerAddressType: AddressType
    /// Connection interval, in units of 1.25 ms.
    public var connectionInterval: UInt16
    /// Peripheral latency, in connection events.
    public var peripheralLatency: UInt16
    /// Supervision timeout, in units of 10 ms.
    public var supervisionTimeout: UInt16

    /// Reads a successful or failed connection from an LE Meta event; nil for any other event.
    /// A failure is returned as its status.
    static func from(_ event: KnownEvent) -> Result<LinkEstablished, HCIError>? {
        guard case .leMeta(let meta) = event else { return nil }
        let completion: any LEConnectionCompletion
        switch meta {
        case .connectionComplete(let e): completion = e
        case .enhancedConnectionComplete(let e): completion = e
        case .enhancedConnectionCompleteV2(let e): completion = e
        default: return nil
        }
        guard completion.status.isSuccess else {
            return .failure(.commandFailed(opcode: LECreateConnectionCommand.opcode, status: completion.status))
        }
        return .success(LinkEstablished(completion))
    }

    /// The link that a connection complete event of any version describes.
    init(_ completion: some LEConnectionCompletion) {
        handle = completion.handle
        role = completion.role
        peerAddress = completion.peerAddress
        peerAddressType = completion.peerAddressType
        connectionInterval = completion.connectionInterval
        peripheralLatency = completion.peripheralLatency
        supervisionTimeout = completion.supervisionTimeout
    }
}
