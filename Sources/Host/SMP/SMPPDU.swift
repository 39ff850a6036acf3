import HCI

/// Every SMP PDU, decoded from the bytes of one L2CAP SDU on the Security Manager channel.
///
/// A known opcode whose parameters are too short or too long fails to decode (the receiver answers with
/// Pairing Failed, Invalid Parameters); an unknown opcode decodes to ``unknown(opcode:parameters:)`` (answered
/// with Command Not Supported). Values inside a well-formed PDU are kept as received for the state machine to judge.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.3 and 3.5 to 3.6.
public enum SMPPDU: Hashable, Sendable {
    /// Pairing Request (0x01).
    case pairingRequest(PairingFeatures)
    /// Pairing Response (0x02).
    case pairingResponse(PairingFeatures)
    /// Pairing Confirm (0x03).
    case pairingConfirm(PairingConfirm)
    /// Pairing Random (0x04).
    case pairingRandom(PairingRandom)
    /// Pairing Failed (0x05).
    case pairingFailed(PairingFailed)
    /// Encryption Information (0x06).
    case encryptionInformation(EncryptionInformation)
    /// Central Identification (0x07).
    case centralIdentification(CentralIdentification)
    /// Identity Information (0x08).
    case identityInformation(IdentityInformation)
    /// Identity Address Information (0x09).
    case identityAddressInformation(IdentityAddressInformation)
    /// Signing Information (0x0A).
    case signingInformation(SigningInformation)
    /// Security Request (0x0B).
    case securityRequest(SecurityRequest)
    /// Pairing Public Key (0x0C).
    case pairingPublicKey(PairingPublicKey)
    /// Pairing DHKey Check (0x0D).
    case pairingDHKeyCheck(PairingDHKeyCheck)
    /// Pairing Keypress Notification (0x0E).
    case keypressNotification(KeypressNotification)
    /// A PDU with an opcode the specification does not define, kept as received.
    case unknown(opcode: SMPOpcode, parameters: [UInt8])

    /// The PDU's opcode.
    public var opcode: SMPOpcode {
        switch self {
        case .pairingRequest: .pairingRequest
        case .pairingResponse: .pairingResponse
        case .pairingConfirm: .pairingConfirm
        case .pairingRandom: .pairingRandom
        case .pairingFailed: .pairingFailed
        case .encryptionInformation: .encryptionInformation
        case .centralIdentification: .centralIdentification
        case .identityInformation: .identityInformation
        case .identityAddressInformation: .identityAddressInformation
        case .signingInformation: .signingInformation
        case .securityRequest: .securityRequest
        case .pairingPublicKey: .pairingPublicKey
        case .pairingDHKeyCheck: .pairingDHKeyCheck
        case .keypressNotification: .keypressNotification
        case .unknown(let opcode, _): opcode
        }
    }
}

extension SMPPDU: WireCodable {
    /// Decodes a PDU that occupies the rest of the reader: an opcode, then exactly its parameters.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let opcode = try SMPOpcode(from: &reader)
        let parameters = try reader.readSlice(reader.remaining)
        switch opcode {
        case .pairingRequest: self = .pairingRequest(try PairingFeatures(decoding: parameters))
        case .pairingResponse: self = .pairingResponse(try PairingFeatures(decoding: parameters))
        case .pairingConfirm: self = .pairingConfirm(try PairingConfirm(decoding: parameters))
        case .pairingRandom: self = .pairingRandom(try PairingRandom(decoding: parameters))
        case .pairingFailed: self = .pairingFailed(try PairingFailed(decoding: parameters))
        case .encryptionInformation: self = .encryptionInformation(try EncryptionInformation(decoding: parameters))
        case .centralIdentification: self = .centralIdentification(try CentralIdentification(decoding: parameters))
        case .identityInformation: self = .identityInformation(try IdentityInformation(decoding: parameters))
        case .identityAddressInformation:
            self = .identityAddressInformation(try IdentityAddressInformation(decoding: parameters))
        case .signingInformation: self = .signingInformation(try SigningInformation(decoding: parameters))
        case .securityRequest: self = .securityRequest(try SecurityRequest(decoding: parameters))
        case .pairingPublicKey: self = .pairingPublicKey(try PairingPublicKey(decoding: parameters))
        case .pairingDHKeyCheck: self = .pairingDHKeyCheck(try PairingDHKeyCheck(decoding: parameters))
        case .keypressNotification: self = .keypressNotification(try KeypressNotification(decoding: parameters))
        default: self = .unknown(opcode: opcode, parameters: Array(parameters))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        opcode.encode(into: &writer)
        switch self {
        case .pairingRequest(let pdu): pdu.encode(into: &writer)
        case .pairingResponse(let pdu): pdu.encode(into: &writer)
        case .pairingConfirm(let pdu): pdu.encode(into: &writer)
        case .pairingRandom(let pdu): pdu.encode(into: &writer)
        case .pairingFailed(let pdu): pdu.encode(into: &writer)
        case .encryptionInformation(let pdu): pdu.encode(into: &writer)
        case .centralIdentification(let pdu): pdu.encode(into: &writer)
        case .identityInformation(let pdu): pdu.encode(into: &writer)
        case .identityAddressInformation(let pdu): pdu.encode(into: &writer)
        case .signingInformation(let pdu): pdu.encode(into: &writer)
        case .securityRequest(let pdu): pdu.encode(into: &writer)
        case .pairingPublicKey(let pdu): pdu.encode(into: &writer)
        case .pairingDHKeyCheck(let pdu): pdu.encode(into: &writer)
        case .keypressNotification(let pdu): pdu.encode(into: &writer)
        case .unknown(_, let parameters): writer.write(bytes: parameters)
        }
    }
}
