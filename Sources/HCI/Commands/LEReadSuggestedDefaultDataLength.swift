/// Reads the data PDU payload size and time the controller uses for new connections.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.34.
public struct LEReadSuggestedDefaultDataLengthCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0023)
    public init() {}

    /// The defaults for new connections.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Largest payload per data PDU, in bytes.
        public var suggestedMaxTxOctets: UInt16
        /// Longest transmission time per data PDU, in microseconds.
        public var suggestedMaxTxTime: UInt16

        public init(suggestedMaxTxOctets: UInt16, suggestedMaxTxTime: UInt16) {
            self.suggestedMaxTxOctets = suggestedMaxTxOctets
            self.suggestedMaxTxTime = suggestedMaxTxTime
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            suggestedMaxTxOctets = try reader.read()
            suggestedMaxTxTime = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(suggestedMaxTxOctets)
            writer.write(suggestedMaxTxTime)
        }
    }
}
