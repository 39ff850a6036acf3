/// Reads the controller's shared ACL buffers, used when LE Read Buffer Size reports none of its own.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.4.5.
public struct ReadBufferSizeCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x04, ocf: 0x0005)
    public init() {}

    /// The ACL and synchronous data buffers.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Largest ACL payload, in bytes, that one buffer holds.
        public var aclDataPacketLength: UInt16
        /// Largest synchronous payload, in bytes.
        public var synchronousDataPacketLength: UInt8
        /// How many ACL packets the controller can hold.
        public var totalNumACLDataPackets: UInt16
        /// How many synchronous packets the controller can hold.
        public var totalNumSynchronousDataPackets: UInt16

        public init(
            aclDataPacketLength: UInt16, synchronousDataPacketLength: UInt8, totalNumACLDataPackets: UInt16,
            totalNumSynchronousDataPackets: UInt16
        ) {
            self.aclDataPacketLength = aclDataPacketLength
            self.synchronousDataPacketLength = synchronousDataPacketLength
            self.totalNumACLDataPackets = totalNumACLDataPackets
            self.totalNumSynchronousDataPackets = totalNumSynchronousDataPackets
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            aclDataPacketLength = try reader.read()
            synchronousDataPacketLength = try reader.read()
            totalNumACLDataPackets = try reader.read()
            totalNumSynchronousDataPackets = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(aclDataPacketLength)
            writer.write(synchronousDataPacketLength)
            writer.write(totalNumACLDataPackets)
            writer.write(totalNumSynchronousDataPackets)
        }
    }
}
