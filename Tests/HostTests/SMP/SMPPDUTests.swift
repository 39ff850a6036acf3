import HCI
import Testing

@testable import Host

@Suite("SMP PDU codec", .timeLimit(.minutes(2)))
struct SMPPDUTests {
    @Test(
        "every PDU decodes from its hand-written layout and encodes back to the same bytes",
        arguments: SMPPDUVectors.all)
    func roundTrip(vector: SMPPDUVector) throws {
        let decoded = try SMPPDU(decoding: vector.bytes)
        #expect(decoded == vector.pdu)
        #expect(vector.pdu.encoded == vector.bytes)
        #expect(decoded.opcode.rawValue == vector.bytes[0])
    }

    @Test("the vectors cover every opcode the specification defines, 0x01 through 0x0E")
    func coverage() {
        let covered = Set(SMPPDUVectors.all.map(\.pdu.opcode))
        let known = Set((0...255).map { SMPOpcode(rawValue: UInt8($0)) }.filter(\.isKnown))
        #expect(covered == known)
        #expect(known == Set((0x01...0x0E).map { SMPOpcode(rawValue: UInt8($0)) }))
    }

    @Test("every truncated PDU is rejected", arguments: SMPPDUVectors.all)
    func truncation(vector: SMPPDUVector) {
        for count in 0..<vector.bytes.count {
            let prefix = Array(vector.bytes.prefix(count))
            #expect(throws: DecodeError.self, "\(count) bytes") { try SMPPDU(decoding: prefix) }
        }
    }

    @Test("a PDU with a trailing byte is rejected", arguments: SMPPDUVectors.all)
    func trailingByte(vector: SMPPDUVector) {
        #expect(throws: DecodeError.trailingBytes(count: 1)) { try SMPPDU(decoding: vector.bytes + [0x00]) }
    }

    @Test("an unknown opcode decodes with its parameters kept and encodes back")
    func unknownOpcode() throws {
        let bytes: [UInt8] = [0x0F, 0xAA, 0xBB]
        let pdu = try SMPPDU(decoding: bytes)
        #expect(pdu == .unknown(opcode: SMPOpcode(rawValue: 0x0F), parameters: [0xAA, 0xBB]))
        #expect(!pdu.opcode.isKnown)
        #expect(pdu.encoded == bytes)
    }

    @Test("an empty PDU is truncated")
    func empty() {
        #expect(throws: DecodeError.truncated(needed: 1, available: 0)) { try SMPPDU(decoding: [UInt8]()) }
    }

    @Test("a key size outside 7...16, a reserved IO capability and reserved AuthReq bits are kept as received")
    func outOfRangeValuesKept() throws {
        let bytes: [UInt8] = [0x01, 0x07, 0x02, 0xC1, 0x06, 0xF0, 0x11]
        let pdu = try SMPPDU(decoding: bytes)
        guard case .pairingRequest(let features) = pdu else {
            Issue.record("decoded \(pdu)")
            return
        }
        #expect(features.maximumEncryptionKeySize == 6)
        #expect(!PairingFeatures.allowedEncryptionKeySizes.contains(features.maximumEncryptionKeySize))
        #expect(!features.ioCapability.isKnown)
        #expect(!features.oobDataFlag.isPresent)
        #expect(features.authenticationRequirements.rawValue == 0xC1)
        #expect(features.authenticationRequirements.bondingFlags == 0b01)
        #expect(features.initiatorKeyDistribution.rawValue == 0xF0)
        #expect(pdu.encoded == bytes)
    }

    @Test("the pairing features give f6 the AuthReq, OOB flag and IO capability octets")
    func ioCap() throws {
        let pdu = try SMPPDU(decoding: [0x02, 0x01, 0x00, 0x0D, 0x10, 0x03, 0x03])
        guard case .pairingResponse(let features) = pdu else {
            Issue.record("decoded \(pdu)")
            return
        }
        #expect(features.ioCap == CryptoToolbox.IOCap(authReq: 0x0D, oobDataFlag: 0x00, ioCapability: 0x01))
    }

    @Test("a Pairing Public Key keeps wire order and yields the spec's debug key through P256PublicKey(wireX:wireY:)")
    func publicKeyWireOrder() throws {
        let key = P256KeyPair.debug.publicKey
        let pdu = SMPPDU.pairingPublicKey(PairingPublicKey(key))
        let encoded = pdu.encoded
        #expect(encoded.count == 65)
        #expect(Array(encoded[1...32]) == SMPSampleData.publicKeyAX.reversed())
        guard case .pairingPublicKey(let decoded) = try SMPPDU(decoding: encoded) else {
            Issue.record("did not decode a Pairing Public Key")
            return
        }
        #expect(try P256PublicKey(wireX: decoded.x, wireY: decoded.y) == key)
    }

    @Test("a Pairing Public Key that is not on the curve still decodes; the check is P256PublicKey's")
    func publicKeyOffCurve() throws {
        let bytes = [0x0C] + [UInt8](repeating: 0x01, count: 64)
        guard case .pairingPublicKey(let decoded) = try SMPPDU(decoding: bytes) else {
            Issue.record("did not decode a Pairing Public Key")
            return
        }
        #expect(throws: SMPCryptoError.invalidPublicKey) { try P256PublicKey(wireX: decoded.x, wireY: decoded.y) }
    }

    @Test("reason codes carry the spec's names; unknown reasons show their number")
    func errorCodeNames() {
        #expect(SMPErrorCode.passkeyEntryFailed.rawValue == 0x01)
        #expect(SMPErrorCode.encryptionKeySize.name == "Encryption Key Size")
        #expect(SMPErrorCode.keyRejected.rawValue == 0x0F)
        #expect(SMPErrorCode.busy.rawValue == 0x10)
        #expect(SMPErrorCode(rawValue: 0x42).description == "reason 0x42 (0x42)")
        #expect(SMPOpcode.pairingDHKeyCheck.description == "Pairing DHKey Check (0xd)")
    }
}
