/// Reads the signal strength the controller measures on a connection.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.5.4.
public struct ReadRSSICommand: HCICommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x05, ocf: 0x0005)

    /// The connection the command applies to.
    public var handle: ConnectionHandle

    public init(handle: ConnectionHandle) {
        self.handle = handle
    }

    /// The connection and its signal strength.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The connection the command applied to.
        public var handle: ConnectionHandle
        /// Received signal strength in dBm; 127 means not available.
        public var rssi: Int8

        public init(handle: ConnectionHandle, rssi: Int8) {
            self.handle = handle
            self.rssi = rssi
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            handle = try ConnectionHandle(from: &reader)
            rssi = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            handle.encode(into: &writer)
            writer.write(rssi)
        }
    }
}

extension ReadRSSICommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}
