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
        let link: LinkEstablished
        let status: HCIStatus
        switch meta {
        case .connectionComplete(let e):
            status = e.status
            link = .init(
                handle: e.handle, role: e.role, peerAddress: e.peerAddress, peerAddressType: e.peerAddressType,
                connectionInterval: e.connectionInterval, peripheralLatency: e.peripheralLatency,
                supervisionTimeout: e.supervisionTimeout)
        case .enhancedConnectionComplete(let e):
            status = e.status
            link = .init(
                handle: e.handle, role: e.role, peerAddress: e.peerAddress, peerAddressType: e.peerAddressType,
                connectionInterval: e.connectionInterval, peripheralLatency: e.peripheralLatency,
                supervisionTimeout: e.supervisionTimeout)
        case .enhancedConnectionCompleteV2(let e):
            status = e.status
            link = .init(
                handle: e.handle, role: e.role, peerAddress: e.peerAddress, peerAddressType: e.peerAddressType,
                connectionInterval: e.connectionInterval, peripheralLatency: e.peripheralLatency,
                supervisionTimeout: e.supervisionTimeout)
        default:
            return nil
        }
        guard status.isSuccess else {
            return .failure(.commandFailed(opcode: LECreateConnectionCommand.opcode, status: status))
        }
        return .success(link)
    }
}
