import HCI
import Host
import Testing

/// One hand-written SMP PDU: its bytes as sent, opcode first, and what they decode to.
struct SMPPDUVector: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let pdu: SMPPDU

    init(_ name: String, _ hex: String, _ pdu: SMPPDU) {
        self.name = name
        self.bytes = SMPSampleData.octets(hex)
        self.pdu = pdu
    }

    var testDescription: String { name }
}

/// One vector per PDU of Bluetooth Core Specification Vol 3, Part H, 3.5 and 3.6, laid out by hand.
enum SMPPDUVectors {
    static let sixteen = "FF EE DD CC BB AA 99 88 77 66 55 44 33 22 11 00"
    static let sixteenValue: UInt128 = 0x00112233_44556677_8899AABB_CCDDEEFF

    static let all: [SMPPDUVector] = [
        SMPPDUVector(
            "Pairing Request: KeyboardDisplay, bonding + MITM + SC + CT2, 16-octet keys, all keys both ways",
            "01 04 00 2D 10 0F 0F",
            .pairingRequest(
                PairingFeatures(
                    ioCapability: .keyboardDisplay, oobDataFlag: .notPresent,
                    authenticationRequirements: [.bonding, .mitm, .secureConnections, .ct2],
                    maximumEncryptionKeySize: 16, initiatorKeyDistribution: [.encKey, .idKey, .signKey, .linkKey],
                    responderKeyDistribution: [.encKey, .idKey, .signKey, .linkKey]))),
        SMPPDUVector(
            "Pairing Response: NoInputNoOutput with OOB data, bonding only, 7-octet keys, IdKey and EncKey",
            "02 03 01 01 07 02 03",
            .pairingResponse(
                PairingFeatures(
                    ioCapability: .noInputNoOutput, oobDataFlag: .present, authenticationRequirements: .bonding,
                    maximumEncryptionKeySize: 7, initiatorKeyDistribution: .idKey,
                    responderKeyDistribution: [.encKey, .idKey]))),
        SMPPDUVector(
            "Pairing Confirm", "03 " + sixteen, .pairingConfirm(PairingConfirm(confirmValue: sixteenValue))),
        SMPPDUVector("Pairing Random", "04 " + sixteen, .pairingRandom(PairingRandom(randomValue: sixteenValue))),
        SMPPDUVector(
            "Pairing Failed, DHKey Check Failed", "05 0B", .pairingFailed(PairingFailed(reason: .dhKeyCheckFailed))),
        SMPPDUVector(
            "Encryption Information", "06 " + sixteen,
            .encryptionInformation(EncryptionInformation(longTermKey: sixteenValue))),
        SMPPDUVector(
            "Central Identification, EDIV 0x1234, Rand 0x0102030405060708", "07 3412 0807060504030201",
            .centralIdentification(CentralIdentification(ediv: 0x1234, rand: 0x0102_0304_0506_0708))),
        SMPPDUVector(
            "Identity Information", "08 " + sixteen,
            .identityInformation(IdentityInformation(identityResolvingKey: sixteenValue))),
        SMPPDUVector(
            "Identity Address Information, static random C0:11:22:33:44:55", "09 01 554433 2211C0",
            .identityAddressInformation(
                IdentityAddressInformation(
                    addressType: .random, address: BluetoothAddress(rawValue: 0xC0_1122_3344_55)))),
        SMPPDUVector(
            "Signing Information", "0A " + sixteen,
            .signingInformation(SigningInformation(signatureKey: sixteenValue))),
        SMPPDUVector(
            "Security Request, bonding + MITM", "0B 05",
            .securityRequest(SecurityRequest(authenticationRequirements: [.bonding, .mitm]))),
        SMPPDUVector(
            "Pairing Public Key, coordinates 0x00...0x1F and 0x20...0x3F",
            "0C " + (0..<64).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " "),
            .pairingPublicKey(PairingPublicKey(x: Array(0..<32), y: Array(32..<64)))),
        SMPPDUVector(
            "Pairing DHKey Check", "0D " + sixteen, .pairingDHKeyCheck(PairingDHKeyCheck(checkValue: sixteenValue))),
        SMPPDUVector(
            "Pairing Keypress Notification, digit entered", "0E 01",
            .keypressNotification(KeypressNotification(notificationType: .digitEntered))),
    ]
}
