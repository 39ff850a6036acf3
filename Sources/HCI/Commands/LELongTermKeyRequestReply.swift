/// Answers the controller's long-term key request with the key to use.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.25.
public struct LELongTermKeyRequestReplyCommand: HCICommand, Hashable {
    public typealias ReturnParameters = ConnectionHandleReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x001A)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// The 16-byte long-term key, in wire (little-endian) order.
    public var longTermKey: [UInt8]

    public init(handle: ConnectionHandle, longTermKey: [UInt8]) {
        self.handle = handle
        self.longTermKey = longTermKey
    }
}

extension LELongTermKeyRequestReplyCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        longTermKey = try reader.readFixed(16)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.writeFixedField(longTermKey, count: 16, field: "Long_Term_Key")
    }
}
