/// Reads the LE features the controller supports.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.3.
public struct LEReadLocalSupportedFeaturesCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0003)
    public init() {}

    /// The controller's LE features.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The supported LE features.
        public var leFeatures: LEFeatures

        public init(leFeatures: LEFeatures) {
            self.leFeatures = leFeatures
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            leFeatures = try LEFeatures(from: &reader)
        }

        public func encode(into writer: inout ByteWriter) {
            leFeatures.encode(into: &writer)
        }
    }
}
