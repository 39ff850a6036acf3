import HCI

/// Identifies an SMP PDU; unknown opcodes stay representable so they can be answered with Command Not Supported.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.3.
public struct SMPOpcode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Pairing Request. Spec value 0x01.
    public static let pairingRequest = SMPOpcode(rawValue: 0x01)
    /// Pairing Response. Spec value 0x02.
    public static let pairingResponse = SMPOpcode(rawValue: 0x02)
    /// Pairing Confirm. Spec value 0x03.
    public static let pairingConfirm = SMPOpcode(rawValue: 0x03)
    /// Pairing Random. Spec value 0x04.
    public static let pairingRandom = SMPOpcode(rawValue: 0x04)
    /// Pairing Failed. Spec value 0x05.
    public static let pairingFailed = SMPOpcode(rawValue: 0x05)
    /// Encryption Information. Spec value 0x06.
    public static let encryptionInformation = SMPOpcode(rawValue: 0x06)
    /// Central Identification. Spec value 0x07.
    public static let centralIdentification = SMPOpcode(rawValue: 0x07)
    /// Identity Information. Spec value 0x08.
    public static let identityInformation = SMPOpcode(rawValue: 0x08)
    /// Identity Address Information. Spec value 0x09.
    public static let identityAddressInformation = SMPOpcode(rawValue: 0x09)
    /// Signing Information. Spec value 0x0A.
    public static let signingInformation = SMPOpcode(rawValue: 0x0A)
    /// Security Request. Spec value 0x0B.
    public static let securityRequest = SMPOpcode(rawValue: 0x0B)
    /// Pairing Public Key. Spec value 0x0C.
    public static let pairingPublicKey = SMPOpcode(rawValue: 0x0C)
    /// Pairing DHKey Check. Spec value 0x0D.
    public static let pairingDHKeyCheck = SMPOpcode(rawValue: 0x0D)
    /// Pairing Keypress Notification. Spec value 0x0E.
    public static let keypressNotification = SMPOpcode(rawValue: 0x0E)

    /// Whether the specification defines the opcode.
    public var isKnown: Bool { Self.names[rawValue] != nil }

    /// The name the specification gives the opcode, or its number.
    public var name: String {
        Self.names[rawValue] ?? "opcode 0x" + String(rawValue, radix: 16)
    }

    private static let names: [UInt8: String] = [
        0x01: "Pairing Request", 0x02: "Pairing Response", 0x03: "Pairing Confirm", 0x04: "Pairing Random",
        0x05: "Pairing Failed", 0x06: "Encryption Information", 0x07: "Central Identification",
        0x08: "Identity Information", 0x09: "Identity Address Information", 0x0A: "Signing Information",
        0x0B: "Security Request", 0x0C: "Pairing Public Key", 0x0D: "Pairing DHKey Check",
        0x0E: "Pairing Keypress Notification",
    ]
}

extension SMPOpcode: CustomStringConvertible {
    public var description: String { "\(name) (0x\(String(rawValue, radix: 16)))" }
}

extension SMPOpcode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
