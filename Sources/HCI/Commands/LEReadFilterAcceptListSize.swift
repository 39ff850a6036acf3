/// Reads how many entries the controller's filter accept list holds.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.14.
public struct LEReadFilterAcceptListSizeCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x000F)
    public init() {}

    /// The list's capacity.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Total number of entries the list can hold.
        public var filterAcceptListSize: UInt8

        public init(filterAcceptListSize: UInt8) {
            self.filterAcceptListSize = filterAcceptListSize
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            filterAcceptListSize = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(filterAcceptListSize)
        }
    }
}
