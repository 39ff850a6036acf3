/// Acknowledges a command whose outcome arrives later, returning command credits.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.15.
public struct CommandStatusEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.commandStatus

    /// Whether the controller accepted the command.
    public var status: HCIStatus
    /// How many commands the host may now send.
    public var numHCICommandPackets: UInt8
    /// The command this answers.
    public var opcode: HCIOpcode

    public init(status: HCIStatus, numHCICommandPackets: UInt8, opcode: HCIOpcode) {
        self.status = status
        self.numHCICommandPackets = numHCICommandPackets
        self.opcode = opcode
    }
}

extension CommandStatusEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        numHCICommandPackets = try reader.read()
        opcode = try HCIOpcode(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        writer.write(numHCICommandPackets)
        opcode.encode(into: &writer)
    }
}
