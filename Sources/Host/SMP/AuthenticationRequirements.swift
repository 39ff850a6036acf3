import HCI

/// The AuthReq field: bonding, MITM protection, Secure Connections and the other pairing wishes of a device.
///
/// Reserved bits (6 and 7) are kept as received.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.1.
public struct AuthenticationRequirements: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bonding Flags 0b01: the device wants to store the keys distributed in this pairing.
    public static let bonding = AuthenticationRequirements(rawValue: 0b01)
    /// The MITM flag: the device asks for an authenticated key (bit 2).
    public static let mitm = AuthenticationRequirements(rawValue: 1 << 2)
    /// The SC flag: the device supports LE Secure Connections pairing (bit 3).
    public static let secureConnections = AuthenticationRequirements(rawValue: 1 << 3)
    /// The Keypress flag: the device sends Keypress Notifications during Passkey Entry (bit 4).
    public static let keypress = AuthenticationRequirements(rawValue: 1 << 4)
    /// The CT2 flag: the device supports h7 for cross-transport key derivation (bit 5).
    public static let ct2 = AuthenticationRequirements(rawValue: 1 << 5)

    /// The two-bit Bonding Flags field: 0b00 no bonding, 0b01 bonding, the others reserved.
    public var bondingFlags: UInt8 { rawValue & 0b11 }
}

extension AuthenticationRequirements: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
