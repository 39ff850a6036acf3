/// Reads the largest data PDU payloads and times the controller supports.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.46.
public struct LEReadMaximumDataLengthCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x002F)
    public init() {}

    /// The controller's data PDU limits.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Largest payload it can send per data PDU, in bytes.
        public var supportedMaxTxOctets: UInt16
        /// Longest time it can send per data PDU, in microseconds.
        public var supportedMaxTxTime: UInt16
        /// Largest payload it can receive per data PDU, in bytes.
        public var supportedMaxRxOctets: UInt16
        /// Longest time it can receive per data PDU, in microseconds.
        public var supportedMaxRxTime: UInt16

        public init(
            supportedMaxTxOctets: UInt16,
            supportedMaxTxTime: UInt16,
            supportedMaxRxOctets: UInt16,
            supportedMaxRxTime: UInt16
        ) {
            self.supportedMaxTxOctets = supportedMaxTxOctets
            self.supportedMaxTxTime = supportedMaxTxTime
            self.supportedMaxRxOctets = supportedMaxRxOctets
            self.supportedMaxRxTime = supportedMaxRxTime
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            supportedMaxTxOctets = try reader.read()
            supportedMaxTxTime = try reader.read()
            supportedMaxRxOctets = try reader.read()
            supportedMaxRxTime = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(supportedMaxTxOctets)
            writer.write(supportedMaxTxTime)
            writer.write(supportedMaxRxOctets)
            writer.write(supportedMaxRxTime)
        }
    }
}
