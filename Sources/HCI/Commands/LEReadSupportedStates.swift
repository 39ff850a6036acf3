/// Reads which combinations of LE link-layer states the controller supports.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.27.
public struct LEReadSupportedStatesCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x001C)
    public init() {}

    /// The supported state combinations.
    public struct ReturnParameters: WireCodable, Hashable {
        /// One bit per state combination, as the spec lists them.
        public var leStates: UInt64

        public init(leStates: UInt64) {
            self.leStates = leStates
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            leStates = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(leStates)
        }
    }
}
