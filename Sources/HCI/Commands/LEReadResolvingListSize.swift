/// Reads how many entries the controller's resolving list holds.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.41.
public struct LEReadResolvingListSizeCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x002A)
    public init() {}

    /// The list's capacity.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Total number of entries the list can hold.
        public var resolvingListSize: UInt8

        public init(resolvingListSize: UInt8) {
            self.resolvingListSize = resolvingListSize
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            resolvingListSize = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(resolvingListSize)
        }
    }
}
