/// Reads which HCI commands the controller supports.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.4.2.
public struct ReadLocalSupportedCommandsCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x04, ocf: 0x0002)
    public init() {}

    /// The supported-commands bit table.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The 64-octet table; each command has one bit at an octet and bit position the spec assigns.
        public var supportedCommands: [UInt8]

        public init(supportedCommands: [UInt8]) {
            self.supportedCommands = supportedCommands
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            supportedCommands = try reader.readFixed(64)
        }

        public func encode(into writer: inout ByteWriter) {
            writer.writeFixedField(supportedCommands, count: 64, field: "Supported_Commands")
        }

        /// Whether the command at `bit` of `octet` in the spec's table is supported.
        public func supports(octet: Int, bit: Int) -> Bool {
            guard supportedCommands.indices.contains(octet), (0..<8).contains(bit) else { return false }
            return supportedCommands[octet] & (1 << bit) != 0
        }
    }
}
