/// Reads page 0 of the controller's LMP (BR/EDR) feature mask.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.4.3.
public struct ReadLocalSupportedFeaturesCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x04, ocf: 0x0003)
    public init() {}

    /// The controller's LMP features.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Page 0 of the LMP feature mask; bit 38 means LE is supported.
        public var lmpFeatures: UInt64

        public init(lmpFeatures: UInt64) {
            self.lmpFeatures = lmpFeatures
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            lmpFeatures = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(lmpFeatures)
        }
    }
}
