/// Reads the size and number of the controller's LE ACL data buffers (v1).
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.2.
public struct LEReadBufferSizeCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0002)
    public init() {}

    /// The LE ACL buffers; a length of 0 means LE shares the BR/EDR buffers.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Largest ACL payload, in bytes, that one buffer holds.
        public var leACLDataPacketLength: UInt16
        /// How many ACL packets the controller can hold.
        public var totalNumLEACLDataPackets: UInt8

        public init(leACLDataPacketLength: UInt16, totalNumLEACLDataPackets: UInt8) {
            self.leACLDataPacketLength = leACLDataPacketLength
            self.totalNumLEACLDataPackets = totalNumLEACLDataPackets
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            leACLDataPacketLength = try reader.read()
            totalNumLEACLDataPackets = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(leACLDataPacketLength)
            writer.write(totalNumLEACLDataPackets)
        }
    }
}
