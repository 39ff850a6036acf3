/// Refuses a peer's request to change connection parameters.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.32.
public struct LERemoteConnectionParameterRequestNegativeReplyCommand: HCICommand, Hashable {
    public typealias ReturnParameters = ConnectionHandleReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0021)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Why the request is refused, e.g. Unacceptable Connection Parameters.
    public var reason: HCIStatus

    public init(handle: ConnectionHandle, reason: HCIStatus) {
        self.handle = handle
        self.reason = reason
    }
}

extension LERemoteConnectionParameterRequestNegativeReplyCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        reason = try HCIStatus(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        reason.encode(into: &writer)
    }
}
