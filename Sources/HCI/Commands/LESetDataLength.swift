/// Suggests the largest data PDU payload and time the controller should send on a connection.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.33.
public struct LESetDataLengthCommand: HCICommand, Hashable {
    public typealias ReturnParameters = ConnectionHandleReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0022)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Preferred largest payload per data PDU, in bytes (27 to 251).
    public var txOctets: UInt16
    /// Preferred longest transmission time per data PDU, in microseconds.
    public var txTime: UInt16

    public init(handle: ConnectionHandle, txOctets: UInt16, txTime: UInt16) {
        self.handle = handle
        self.txOctets = txOctets
        self.txTime = txTime
    }
}

extension LESetDataLengthCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        txOctets = try reader.read()
        txTime = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(txOctets)
        writer.write(txTime)
    }
}
