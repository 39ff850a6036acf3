/// An HCI command as it crosses the transport: opcode and raw parameters (at most 255 bytes).
///
/// Bluetooth Core Specification Vol 4, Part E, 5.4.1.
public struct HCICommandPacket: Hashable, Sendable {
    /// Which command this is.
    public var opcode: HCIOpcode
    /// The encoded parameters.
    public var parameters: [UInt8]

    /// Makes a packet; `parameters` must be at most 255 bytes.
    public init(opcode: HCIOpcode, parameters: [UInt8]) {
        precondition(parameters.count <= 255, "HCI command parameters are at most 255 bytes")
        self.opcode = opcode
        self.parameters = parameters
    }

    /// Encodes a typed command.
    public init<C: HCICommand>(_ command: C) {
        self.init(opcode: C.opcode, parameters: command.encoded)
    }
}

extension HCICommandPacket: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        opcode = try HCIOpcode(from: &reader)
        let length: UInt8 = try reader.read()
        parameters = try reader.readBytes(Int(length))
    }

    public func encode(into writer: inout ByteWriter) {
        opcode.encode(into: &writer)
        writer.write(UInt8(parameters.count))
        writer.write(bytes: parameters)
    }
}
