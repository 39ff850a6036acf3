/// Answers a command that completed at once, returning its parameters and command credits.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.14.
public struct CommandCompleteEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.commandComplete

    /// How many commands the host may now send.
    public var numHCICommandPackets: UInt8
    /// The command this answers (``HCIOpcode/noOperation`` when it only returns credits).
    public var opcode: HCIOpcode
    /// The return parameters, starting with Status (empty for ``HCIOpcode/noOperation``).
    public var returnParameters: [UInt8]

    public init(numHCICommandPackets: UInt8, opcode: HCIOpcode, returnParameters: [UInt8]) {
        self.numHCICommandPackets = numHCICommandPackets
        self.opcode = opcode
        self.returnParameters = returnParameters
    }

    /// Answers command `C` with success and its return parameters.
    public init<C: HCICommand>(
        numHCICommandPackets: UInt8, answering _: C.Type, returning parameters: C.ReturnParameters
    ) {
        self.init(
            numHCICommandPackets: numHCICommandPackets, opcode: C.opcode,
            returnParameters: [HCIStatus.success.rawValue] + parameters.encoded)
    }

    /// Answers the command with `opcode` with a failure status and no further parameters.
    public init(numHCICommandPackets: UInt8, opcode: HCIOpcode, failure status: HCIStatus) {
        self.init(numHCICommandPackets: numHCICommandPackets, opcode: opcode, returnParameters: [status.rawValue])
    }

    /// The Status that leads the return parameters, if there are any.
    public var status: HCIStatus? {
        returnParameters.first.map(HCIStatus.init(rawValue:))
    }
}

extension CommandCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        numHCICommandPackets = try reader.read()
        opcode = try HCIOpcode(from: &reader)
        returnParameters = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(numHCICommandPackets)
        opcode.encode(into: &writer)
        writer.write(bytes: returnParameters)
    }
}
