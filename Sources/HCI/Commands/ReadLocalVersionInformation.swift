/// Reads the controller's HCI and link-layer versions and its manufacturer.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.4.1.
public struct ReadLocalVersionInformationCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x04, ocf: 0x0001)
    public init() {}

    /// The controller's versions and manufacturer.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The HCI version, as Assigned Numbers codes it.
        public var hciVersion: UInt8
        /// The manufacturer's revision of the HCI implementation.
        public var hciSubversion: UInt16
        /// The link-layer version, as Assigned Numbers codes it.
        public var lmpVersion: UInt8
        /// The manufacturer's company identifier.
        public var companyIdentifier: UInt16
        /// The manufacturer's revision of the link layer.
        public var lmpSubversion: UInt16

        public init(
            hciVersion: UInt8,
            hciSubversion: UInt16,
            lmpVersion: UInt8,
            companyIdentifier: UInt16,
            lmpSubversion: UInt16
        ) {
            self.hciVersion = hciVersion
            self.hciSubversion = hciSubversion
            self.lmpVersion = lmpVersion
            self.companyIdentifier = companyIdentifier
            self.lmpSubversion = lmpSubversion
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            hciVersion = try reader.read()
            hciSubversion = try reader.read()
            lmpVersion = try reader.read()
            companyIdentifier = try reader.read()
            lmpSubversion = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(hciVersion)
            writer.write(hciSubversion)
            writer.write(lmpVersion)
            writer.write(companyIdentifier)
            writer.write(lmpSubversion)
        }
    }
}
