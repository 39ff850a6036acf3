/// An ACL data packet: one fragment of an L2CAP PDU on a connection.
///
/// Bluetooth Core Specification Vol 4, Part E, 5.4.2.
public struct ACLDataPacket: Hashable, Sendable {
    /// Whether this fragment starts an L2CAP PDU or continues one.
    public struct BoundaryFlag: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue & 0x03 }
        /// First fragment of a non-automatically-flushable PDU (host to controller). Spec value 0b00.
        public static let firstNonFlushable = BoundaryFlag(rawValue: 0b00)
        /// A continuing fragment. Spec value 0b01.
        public static let continuing = BoundaryFlag(rawValue: 0b01)
        /// First fragment of an automatically flushable PDU. Spec value 0b10.
        public static let firstFlushable = BoundaryFlag(rawValue: 0b10)

        /// Whether the fragment starts a new PDU.
        public var isFirst: Bool { self != .continuing }
    }

    /// The connection the data belongs to.
    public var handle: ConnectionHandle
    /// Where this fragment sits in its PDU.
    public var boundary: BoundaryFlag
    /// The broadcast flag (always 0 on LE).
    public var broadcast: UInt8
    /// The fragment's bytes.
    public var data: [UInt8]

    /// Makes a packet; `data` must be at most 65535 bytes.
    public init(handle: ConnectionHandle, boundary: BoundaryFlag, broadcast: UInt8 = 0, data: [UInt8]) {
        precondition(data.count <= Int(UInt16.max), "ACL data is at most 65535 bytes")
        self.handle = handle
        self.boundary = boundary
        self.broadcast = broadcast & 0x03
        self.data = data
    }
}

extension ACLDataPacket: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let header: UInt16 = try reader.read()
        handle = ConnectionHandle(rawValue: header & 0x0FFF)
        boundary = BoundaryFlag(rawValue: UInt8(header >> 12 & 0x03))
        broadcast = UInt8(header >> 14)
        let length: UInt16 = try reader.read()
        data = try reader.readBytes(Int(length))
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(handle.rawValue & 0x0FFF | UInt16(boundary.rawValue) << 12 | UInt16(broadcast) << 14)
        writer.write(UInt16(data.count))
        writer.write(bytes: data)
    }
}
