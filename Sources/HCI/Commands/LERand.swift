/// Asks the controller for 64 random bits.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.23.
public struct LERandCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0018)
    public init() {}

    /// The random bits.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Eight random bytes, read as a little-endian number.
        public var randomNumber: UInt64

        public init(randomNumber: UInt64) {
            self.randomNumber = randomNumber
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            randomNumber = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(randomNumber)
        }
    }
}
