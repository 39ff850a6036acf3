/// Any packet exchanged between a host and a controller, tagged as the H4 transport tags it.
///
/// Bluetooth Core Specification Vol 4, Part A, 2.
public enum HCIPacket: Hashable, Sendable {
    /// A command, host to controller.
    case command(HCICommandPacket)
    /// ACL data, either direction.
    case acl(ACLDataPacket)
    /// Synchronous (SCO) data, kept as its raw header and payload.
    case sco([UInt8])
    /// An event, controller to host.
    case event(HCIEventPacket)
    /// Isochronous data, kept as its raw header and payload.
    case iso([UInt8])

    /// The H4 packet indicator.
    public struct Indicator: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// HCI Command packet. Spec value 0x01.
        public static let command = Indicator(rawValue: 0x01)
        /// HCI ACL Data packet. Spec value 0x02.
        public static let acl = Indicator(rawValue: 0x02)
        /// HCI Synchronous Data packet. Spec value 0x03.
        public static let sco = Indicator(rawValue: 0x03)
        /// HCI Event packet. Spec value 0x04.
        public static let event = Indicator(rawValue: 0x04)
        /// HCI ISO Data packet. Spec value 0x05.
        public static let iso = Indicator(rawValue: 0x05)
    }

    /// The H4 indicator for this packet.
    public var indicator: Indicator {
        switch self {
        case .command: .command
        case .acl: .acl
        case .sco: .sco
        case .event: .event
        case .iso: .iso
        }
    }

    /// The packet without its H4 indicator, as btsnoop and HCI user channels carry it.
    public var body: [UInt8] {
        switch self {
        case .command(let packet): packet.encoded
        case .acl(let packet): packet.encoded
        case .event(let packet): packet.encoded
        case .sco(let raw), .iso(let raw): raw
        }
    }

    /// Decodes a packet body of the given kind; the body must be exactly one packet.
    public init(indicator: Indicator, body: [UInt8]) throws(DecodeError) {
        switch indicator {
        case .command: self = .command(try HCICommandPacket(decoding: body))
        case .acl: self = .acl(try ACLDataPacket(decoding: body))
        case .event: self = .event(try HCIEventPacket(decoding: body))
        case .sco: self = .sco(body)
        case .iso: self = .iso(body)
        default: throw .invalidValue(field: "H4 packet indicator", raw: UInt64(indicator.rawValue))
        }
    }
}

extension HCIPacket: WireCodable {
    /// Decodes the H4 form: indicator byte, then the packet.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let indicator = Indicator(rawValue: try reader.read())
        switch indicator {
        case .command: self = .command(try HCICommandPacket(from: &reader))
        case .acl: self = .acl(try ACLDataPacket(from: &reader))
        case .event: self = .event(try HCIEventPacket(from: &reader))
        case .sco:
            let header = try reader.readBytes(3)
            self = .sco(header + (try reader.readBytes(Int(header[2]))))
        case .iso:
            let header = try reader.readBytes(4)
            let length = Int(UInt16(header[2]) | UInt16(header[3] & 0x3F) << 8)
            self = .iso(header + (try reader.readBytes(length)))
        default: throw .invalidValue(field: "H4 packet indicator", raw: UInt64(indicator.rawValue))
        }
    }

    /// Encodes the H4 form: indicator byte, then the packet.
    public func encode(into writer: inout ByteWriter) {
        writer.write(indicator.rawValue)
        writer.write(bytes: body)
    }
}
