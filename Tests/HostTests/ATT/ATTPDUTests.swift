import HCI
import Host
import Testing

@Suite("ATT PDU codec", .timeLimit(.minutes(2)))
struct ATTPDUTests {
    private func h(_ raw: UInt16) -> AttributeHandle { ATTFixtures.handle(raw) }
    private func bytes(_ hex: String) -> [UInt8] { ATTFixtures.bytes(hex) }

    @Test("every PDU decodes from its spec layout and encodes back to the same bytes", arguments: ATTPDUVectors.all)
    func roundTrip(vector: ATTPDUVector) throws {
        let decoded = try ATTPDU(decoding: vector.bytes)
        #expect(decoded == vector.pdu)
        #expect(vector.pdu.encoded == vector.bytes)
        #expect(decoded.opcode.rawValue == vector.bytes[0])
    }

    @Test("the vectors cover all 31 opcodes of the summary table")
    func coverage() {
        let opcodes = Set(ATTPDUVectors.all.map(\.pdu.opcode))
        let known = (0...255).map { ATTOpcode(rawValue: UInt8($0)) }.filter(\.isKnown)
        #expect(opcodes == Set(known))
    }

    @Test(
        "every prefix shorter than the spec minimum is rejected; longer prefixes decode only to themselves",
        arguments: ATTPDUVectors.all)
    func truncationSweep(vector: ATTPDUVector) {
        for count in 0..<vector.bytes.count {
            let prefix = Array(vector.bytes.prefix(count))
            if count < vector.minimumLength {
                #expect(throws: DecodeError.self, "\(count) bytes") { try ATTPDU(decoding: prefix) }
            } else if let decoded = try? ATTPDU(decoding: prefix) {
                #expect(decoded.encoded == prefix, "\(count) bytes")
            }
        }
    }

    @Test(
        "a fixed-size PDU with a trailing byte is malformed",
        arguments: [
            "01 0A 0300 02", "02 F700", "03 1700", "04 0100 FFFF", "0A 0300", "0C 0300 1600", "13", "18 01", "19",
            "1E",
        ])
    func trailingByte(hex: String) {
        #expect(throws: DecodeError.trailingBytes(count: 1)) { try ATTPDU(decoding: bytes(hex) + [0x00]) }
    }

    @Test("an empty PDU is truncated")
    func empty() {
        #expect(throws: DecodeError.truncated(needed: 1, available: 0)) { try ATTPDU(decoding: [UInt8]()) }
    }

    @Test("a type UUID of neither 2 nor 16 bytes is malformed in Read By Type and Read By Group Type Requests")
    func uuidLengths() {
        for uuidLength in [0, 1, 3, 4, 15, 17] {
            let uuid = [UInt8](repeating: 0x28, count: uuidLength)
            #expect(throws: DecodeError.self) { try ATTPDU(decoding: bytes("08 0100 FFFF") + uuid) }
            #expect(throws: DecodeError.self) { try ATTPDU(decoding: bytes("10 0100 FFFF") + uuid) }
        }
    }

    @Test("a 16-bit type sent as 128 bits keeps its wire form but equals the 16-bit type")
    func longFormType() throws {
        let pdu = try ATTPDU(decoding: bytes("10 0100 FFFF FB349B5F80000080 0010000000280000"))
        guard case .readByGroupTypeRequest(let request) = pdu else {
            Issue.record("decoded \(pdu)")
            return
        }
        #expect(request.attributeGroupType == BluetoothUUID(uuid16: 0x2800))
        #expect(pdu.encoded.count == 21)
    }

    @Test("Find Information Response rejects unknown formats, empty data and UUID sizes that do not match the format")
    func findInformationMalformed() {
        let malformed = [
            "05 03 0100 0028",  // format 0x03 is reserved
            "05 01",  // no information data
            "05 01 0100 0028 02",  // a partial entry
            "05 01 0100 0028 0200 " + ATTFixtures.nordicUARTWire,  // a 128-bit UUID in the 16-bit format
            "05 02 0100 0028",  // a 16-bit UUID in the 128-bit format
        ]
        for hex in malformed {
            #expect(throws: DecodeError.self, "\(hex)") { try ATTPDU(decoding: bytes(hex)) }
        }
    }

    @Test("Read By Type Response rejects a Length below 2 or one that does not divide the list")
    func readByTypeMalformed() {
        #expect(throws: DecodeError.invalidValue(field: "Length", raw: 0)) { try ATTPDU(decoding: bytes("09 00")) }
        #expect(throws: DecodeError.invalidValue(field: "Length", raw: 1)) { try ATTPDU(decoding: bytes("09 01 02")) }
        #expect(throws: DecodeError.truncated(needed: 4, available: 0)) { try ATTPDU(decoding: bytes("09 04")) }
        #expect(throws: DecodeError.lengthMismatch(field: "Attribute Data List", declared: 4, actual: 6)) {
            try ATTPDU(decoding: bytes("09 04 0100 AAAA 0200"))
        }
    }

    @Test("Read By Type Response with empty values has Length 2")
    func readByTypeEmptyValues() throws {
        let response = ATTReadByTypeResponse(attributeData: [
            .init(handle: h(1), value: []), .init(handle: h(2), value: []),
        ])
        #expect(response.length == 2)
        #expect(response.encodedPDU == bytes("09 02 0100 0200"))
        #expect(try ATTReadByTypeResponse(decodingPDU: response.encodedPDU) == response)
    }

    @Test("Read By Group Type Response rejects a Length below 4 or one that does not divide the list")
    func readByGroupTypeMalformed() {
        #expect(throws: DecodeError.invalidValue(field: "Length", raw: 3)) {
            try ATTPDU(decoding: bytes("11 03 0100 05"))
        }
        #expect(throws: DecodeError.lengthMismatch(field: "Attribute Data List", declared: 6, actual: 8)) {
            try ATTPDU(decoding: bytes("11 06 0100 0500 0018 0600"))
        }
    }

    @Test("Read Multiple and Read Multiple Variable Requests need two or more whole handles")
    func setOfHandles() {
        for opcode in ["0E", "20"] {
            #expect(throws: DecodeError.truncated(needed: 4, available: 2)) {
                try ATTPDU(decoding: bytes(opcode + " 0300"))
            }
            #expect(throws: DecodeError.trailingBytes(count: 1)) {
                try ATTPDU(decoding: bytes(opcode + " 0300 0500 07"))
            }
        }
    }

    @Test("Read Multiple Variable Response may not be cut inside a Value Length field")
    func lengthValueTupleCut() {
        #expect(throws: DecodeError.truncated(needed: 2, available: 1)) {
            try ATTPDU(decoding: bytes("21 0200 0648 05"))
        }
    }

    @Test("a truncated last tuple reports the full Value Length")
    func truncatedTuple() throws {
        let pdu = try ATTPDU(decoding: bytes("21 0200 0648 0500 4142"))
        guard case .readMultipleVariableResponse(let response) = pdu else {
            Issue.record("decoded \(pdu)")
            return
        }
        #expect(response.tuples.map(\.isTruncated) == [false, true])
        #expect(response.tuples[1].valueLength == 5)
    }

    @Test("Multiple Handle Value Notification rejects a tuple whose value runs past the PDU")
    func multipleNotificationMalformed() {
        #expect(throws: DecodeError.truncated(needed: 3, available: 2)) {
            try ATTPDU(decoding: bytes("23 0300 0200 0648 0700 0300 0102"))
        }
        #expect(throws: DecodeError.truncated(needed: 8, available: 6)) {
            try ATTPDU(decoding: bytes("23 0300 0200 0648"))
        }
    }

    @Test("Signed Write Command needs a whole 12-byte signature and covers opcode, handle and value")
    func signedWrite() throws {
        #expect(throws: DecodeError.truncated(needed: 12, available: 11)) {
            try ATTPDU(decoding: bytes("D2 1200 01000000F1871E933C900F"))
        }
        let command = try ATTSignedWriteCommand(decodingPDU: bytes("D2 1200 1337 01000000F1871E933C900FF2"))
        #expect(command.signedBytes == bytes("D2 1200 1337"))
        let empty = try ATTSignedWriteCommand(decodingPDU: bytes("D2 1200 01000000F1871E933C900FF2"))
        #expect(empty.value.isEmpty)
    }

    @Test("Execute Write Request keeps reserved flag values for the server to judge")
    func reservedExecuteFlags() throws {
        let pdu = try ATTPDU(decoding: bytes("18 02"))
        #expect(pdu == .executeWriteRequest(ATTExecuteWriteRequest(flags: .init(rawValue: 2))))
    }

    @Test(
        "PDUs with opcodes the spec does not define stay representable",
        arguments: ["3F 0102", "7F", "22 00", "E5 0102030405", "14"])
    func unknownOpcodes(hex: String) throws {
        let input = bytes(hex)
        let pdu = try ATTPDU(decoding: input)
        #expect(pdu == .unknown(opcode: ATTOpcode(rawValue: input[0]), parameters: Array(input.dropFirst())))
        #expect(!pdu.opcode.isKnown)
        #expect(pdu.encoded == input)
    }

    @Test("a PDU type encodes and decodes itself with its opcode, and refuses another opcode")
    func typedPDUs() throws {
        let request = ATTReadBlobRequest(handle: h(0x2A), offset: 0x0116)
        #expect(request.encodedPDU == bytes("0C 2A00 1601"))
        #expect(try ATTReadBlobRequest(decodingPDU: request.encodedPDU) == request)
        #expect(throws: DecodeError.invalidValue(field: "Attribute Opcode", raw: 0x0A)) {
            try ATTReadBlobRequest(decodingPDU: bytes("0A 2A00 1601"))
        }
        #expect(throws: DecodeError.trailingBytes(count: 1)) {
            try ATTReadBlobRequest(decodingPDU: bytes("0C 2A00 1601 00"))
        }
    }

    @Test("Find Information format follows the UUID: 16-bit when it has a 16-bit form")
    func findInformationFormat() throws {
        let longCCCD = try #require(BluetoothUUID(string: "00002902-0000-1000-8000-00805F9B34FB"))
        #expect(ATTFindInformationResponse.Format(for: BluetoothUUID(uuid16: 0x2902)) == .uuid16)
        #expect(ATTFindInformationResponse.Format(for: longCCCD) == .uuid16)
        #expect(ATTFindInformationResponse.Format(for: BluetoothUUID(uuid32: 0x1234_5678)) == .uuid128)
        #expect(ATTFindInformationResponse.Format(for: ATTFixtures.nordicUART) == .uuid128)
    }

    @Test("a 16-bit UUID in the 128-bit Find Information format travels as its expansion")
    func findInformationExpands() throws {
        let response = ATTFindInformationResponse(
            format: .uuid128, entries: [.init(handle: h(1), uuid: BluetoothUUID(uuid16: 0x2800))])
        #expect(response.encodedPDU == bytes("05 02 0100 FB349B5F8000008000100000 00280000"))
        #expect(try ATTFindInformationResponse(decodingPDU: response.encodedPDU) == response)
    }
}
