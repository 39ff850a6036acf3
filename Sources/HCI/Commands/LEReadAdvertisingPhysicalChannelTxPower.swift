/// Reads the transmit power the controller uses for legacy advertising.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.6.
public struct LEReadAdvertisingPhysicalChannelTxPowerCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0007)
    public init() {}

    /// The advertising transmit power.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Transmit power, in dBm.
        public var txPowerLevel: Int8

        public init(txPowerLevel: Int8) {
            self.txPowerLevel = txPowerLevel
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            txPowerLevel = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(txPowerLevel)
        }
    }
}
