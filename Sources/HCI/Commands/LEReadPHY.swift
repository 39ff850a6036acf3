/// Reads the PHYs a connection currently uses.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.47.
public struct LEReadPHYCommand: HCICommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0030)

    /// The connection the command applies to.
    public var handle: ConnectionHandle

    public init(handle: ConnectionHandle) {
        self.handle = handle
    }

    /// The connection and its PHYs.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The connection the command applied to.
        public var handle: ConnectionHandle
        /// The PHY the controller transmits on.
        public var txPHY: PHY
        /// The PHY the controller receives on.
        public var rxPHY: PHY

        public init(handle: ConnectionHandle, txPHY: PHY, rxPHY: PHY) {
            self.handle = handle
            self.txPHY = txPHY
            self.rxPHY = rxPHY
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            handle = try ConnectionHandle(from: &reader)
            txPHY = try PHY(from: &reader)
            rxPHY = try PHY(from: &reader)
        }

        public func encode(into writer: inout ByteWriter) {
            handle.encode(into: &writer)
            txPHY.encode(into: &writer)
            rxPHY.encode(into: &writer)
        }
    }
}

extension LEReadPHYCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}
