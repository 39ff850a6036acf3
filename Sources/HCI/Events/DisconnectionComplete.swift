/// Tells the host that a connection has ended, and why.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.5.
public struct DisconnectionCompleteEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.disconnectionComplete

    /// Whether the disconnection happened; on failure ``reason`` is meaningless.
    public var status: HCIStatus
    /// The connection that ended.
    public var handle: ConnectionHandle
    /// Why the connection ended, as an HCI error code.
    public var reason: HCIStatus

    /// Makes the event from its parameters.
    public init(status: HCIStatus, handle: ConnectionHandle, reason: HCIStatus) {
        self.status = status
        self.handle = handle
        self.reason = reason
    }
}

extension DisconnectionCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        reason = try HCIStatus(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        reason.encode(into: &writer)
    }
}
