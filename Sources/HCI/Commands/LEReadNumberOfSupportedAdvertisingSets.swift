/// Reads how many advertising sets the controller can run at once.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.58.
public struct LEReadNumberOfSupportedAdvertisingSetsCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x003B)
    public init() {}

    /// The controller's limit.
    public struct ReturnParameters: WireCodable, Hashable {
        /// How many advertising sets the controller supports.
        public var numSupportedAdvertisingSets: UInt8

        public init(numSupportedAdvertisingSets: UInt8) {
            self.numSupportedAdvertisingSets = numSupportedAdvertisingSets
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            numSupportedAdvertisingSets = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(numSupportedAdvertisingSets)
        }
    }
}
