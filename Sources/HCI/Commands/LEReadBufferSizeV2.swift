/// Reads the size and number of the controller's LE ACL and ISO data buffers (v2).
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.2.
public struct LEReadBufferSizeV2Command: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0060)
    public init() {}

    /// The LE ACL and ISO buffers; an ACL length of 0 means LE shares the BR/EDR buffers.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Largest ACL payload, in bytes, that one buffer holds.
        public var leACLDataPacketLength: UInt16
        /// How many ACL packets the controller can hold.
        public var totalNumLEACLDataPackets: UInt8
        /// Largest ISO payload, in bytes, that one buffer holds.
        public var isoDataPacketLength: UInt16
        /// How many ISO packets the controller can hold.
        public var totalNumISODataPackets: UInt8

        public init(
            leACLDataPacketLength: UInt16,
            totalNumLEACLDataPackets: UInt8,
            isoDataPacketLength: UInt16,
            totalNumISODataPackets: UInt8
        ) {
            self.leACLDataPacketLength = leACLDataPacketLength
            self.totalNumLEACLDataPackets = totalNumLEACLDataPackets
            self.isoDataPacketLength = isoDataPacketLength
            self.totalNumISODataPackets = totalNumISODataPackets
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            leACLDataPacketLength = try reader.read()
            totalNumLEACLDataPackets = try reader.read()
            isoDataPacketLength = try reader.read()
            totalNumISODataPackets = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(leACLDataPacketLength)
            writer.write(totalNumLEACLDataPackets)
            writer.write(isoDataPacketLength)
            writer.write(totalNumISODataPackets)
        }
    }
}
