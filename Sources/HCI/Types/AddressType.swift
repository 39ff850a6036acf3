/// The kind of a device address as HCI commands and events carry it; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.1 (Peer_Address_Type).
public struct AddressType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A public device address. Spec value 0x00.
    public static let `public` = AddressType(rawValue: 0x00)
    /// A random device address. Spec value 0x01.
    public static let random = AddressType(rawValue: 0x01)
    /// A public identity address, resolved from a private one by the controller. Spec value 0x02.
    public static let publicIdentity = AddressType(rawValue: 0x02)
    /// A random (static) identity address, resolved from a private one by the controller. Spec value 0x03.
    public static let randomIdentity = AddressType(rawValue: 0x03)

    /// Whether the address is random (static or private) rather than public.
    public var isRandom: Bool { rawValue & 0x01 == 1 }
}

extension AddressType: CustomStringConvertible {
    public var description: String {
        switch self {
        case .public: "public"
        case .random: "random"
        case .publicIdentity: "public identity"
        case .randomIdentity: "random identity"
        default: "address type 0x\(String(rawValue, radix: 16))"
        }
    }
}

extension AddressType: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
