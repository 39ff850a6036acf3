/// Ends a connection, telling the peer why.
///
/// The outcome arrives in a Disconnection Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.1.6.
public struct DisconnectCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x01, ocf: 0x0006)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Why the connection ends, e.g. Remote User Terminated Connection.
    public var reason: HCIStatus

    public init(handle: ConnectionHandle, reason: HCIStatus) {
        self.handle = handle
        self.reason = reason
    }
}

extension DisconnectCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        reason = try HCIStatus(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        reason.encode(into: &writer)
    }
}
