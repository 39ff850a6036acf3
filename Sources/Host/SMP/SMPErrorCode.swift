import HCI

/// Why pairing failed, as the Pairing Failed PDU carries it; unknown reasons stay representable.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.5.
public struct SMPErrorCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The user's passkey entry failed or was cancelled. Spec value 0x01.
    public static let passkeyEntryFailed = SMPErrorCode(rawValue: 0x01)
    /// The OOB data is not available. Spec value 0x02.
    public static let oobNotAvailable = SMPErrorCode(rawValue: 0x02)
    /// The IO capabilities of the devices cannot meet the authentication requirements. Spec value 0x03.
    public static let authenticationRequirements = SMPErrorCode(rawValue: 0x03)
    /// The confirm value does not match the one computed from the random value. Spec value 0x04.
    public static let confirmValueFailed = SMPErrorCode(rawValue: 0x04)
    /// The device does not support pairing. Spec value 0x05.
    public static let pairingNotSupported = SMPErrorCode(rawValue: 0x05)
    /// The resulting encryption key size is too short for the device. Spec value 0x06.
    public static let encryptionKeySize = SMPErrorCode(rawValue: 0x06)
    /// The device does not support the SMP command received. Spec value 0x07.
    public static let commandNotSupported = SMPErrorCode(rawValue: 0x07)
    /// Pairing failed for a reason no other code describes. Spec value 0x08.
    public static let unspecifiedReason = SMPErrorCode(rawValue: 0x08)
    /// Too little time has passed since the last pairing attempt or Security Request. Spec value 0x09.
    public static let repeatedAttempts = SMPErrorCode(rawValue: 0x09)
    /// A command had the wrong length or a parameter out of range. Spec value 0x0A.
    public static let invalidParameters = SMPErrorCode(rawValue: 0x0A)
    /// The DHKey Check value received does not match the one computed locally. Spec value 0x0B.
    public static let dhKeyCheckFailed = SMPErrorCode(rawValue: 0x0B)
    /// The user rejected the numeric comparison. Spec value 0x0C.
    public static let numericComparisonFailed = SMPErrorCode(rawValue: 0x0C)
    /// Pairing over BR/EDR is in progress, so LE pairing failed. Spec value 0x0D.
    public static let brEdrPairingInProgress = SMPErrorCode(rawValue: 0x0D)
    /// Keys for the other transport may not be derived from the keys of this one. Spec value 0x0E.
    public static let crossTransportKeyDerivationNotAllowed = SMPErrorCode(rawValue: 0x0E)
    /// The device rejected a distributed key. Spec value 0x0F.
    public static let keyRejected = SMPErrorCode(rawValue: 0x0F)
    /// The device is busy and cannot pair now. Spec value 0x10.
    public static let busy = SMPErrorCode(rawValue: 0x10)

    /// The name the specification gives the reason, or its number.
    public var name: String {
        Self.names[rawValue] ?? "reason 0x" + String(rawValue, radix: 16)
    }

    private static let names: [UInt8: String] = [
        0x01: "Passkey Entry Failed", 0x02: "OOB Not Available", 0x03: "Authentication Requirements",
        0x04: "Confirm Value Failed", 0x05: "Pairing Not Supported", 0x06: "Encryption Key Size",
        0x07: "Command Not Supported", 0x08: "Unspecified Reason", 0x09: "Repeated Attempts",
        0x0A: "Invalid Parameters", 0x0B: "DHKey Check Failed", 0x0C: "Numeric Comparison Failed",
        0x0D: "BR/EDR pairing in progress", 0x0E: "Cross-transport Key Derivation/Generation not allowed",
        0x0F: "Key Rejected", 0x10: "Busy",
    ]
}

extension SMPErrorCode: CustomStringConvertible {
    public var description: String { "\(name) (0x\(String(rawValue, radix: 16)))" }
}

extension SMPErrorCode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
