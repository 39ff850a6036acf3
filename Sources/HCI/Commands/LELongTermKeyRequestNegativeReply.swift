/// Answers the controller's long-term key request: the host has no key.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.26.
public struct LELongTermKeyRequestNegativeReplyCommand: HCICommand, Hashable {
    public typealias ReturnParameters = ConnectionHandleReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x001B)

    /// The connection the command applies to.
    public var handle: ConnectionHandle

    public init(handle: ConnectionHandle) {
        self.handle = handle
    }
}

extension LELongTermKeyRequestNegativeReplyCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}
