import HCI
import Host
import Testing

@Suite("ATT opcodes", .timeLimit(.minutes(2)))
struct ATTOpcodeTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let opcode: ATTOpcode
        let raw: UInt8
        let name: String
        let kind: ATTOpcode.Kind
        var testDescription: String { name }

        init(_ opcode: ATTOpcode, _ raw: UInt8, _ name: String, _ kind: ATTOpcode.Kind) {
            self.opcode = opcode
            self.raw = raw
            self.name = name
            self.kind = kind
        }
    }

    /// Vol 3, Part F, table 3.43, with each PDU's kind from its name suffix (table 3.1).
    static let table = [
        Row(.errorResponse, 0x01, "ATT_ERROR_RSP", .response),
        Row(.exchangeMTURequest, 0x02, "ATT_EXCHANGE_MTU_REQ", .request),
        Row(.exchangeMTUResponse, 0x03, "ATT_EXCHANGE_MTU_RSP", .response),
        Row(.findInformationRequest, 0x04, "ATT_FIND_INFORMATION_REQ", .request),
        Row(.findInformationResponse, 0x05, "ATT_FIND_INFORMATION_RSP", .response),
        Row(.findByTypeValueRequest, 0x06, "ATT_FIND_BY_TYPE_VALUE_REQ", .request),
        Row(.findByTypeValueResponse, 0x07, "ATT_FIND_BY_TYPE_VALUE_RSP", .response),
        Row(.readByTypeRequest, 0x08, "ATT_READ_BY_TYPE_REQ", .request),
        Row(.readByTypeResponse, 0x09, "ATT_READ_BY_TYPE_RSP", .response),
        Row(.readRequest, 0x0A, "ATT_READ_REQ", .request),
        Row(.readResponse, 0x0B, "ATT_READ_RSP", .response),
        Row(.readBlobRequest, 0x0C, "ATT_READ_BLOB_REQ", .request),
        Row(.readBlobResponse, 0x0D, "ATT_READ_BLOB_RSP", .response),
        Row(.readMultipleRequest, 0x0E, "ATT_READ_MULTIPLE_REQ", .request),
        Row(.readMultipleResponse, 0x0F, "ATT_READ_MULTIPLE_RSP", .response),
        Row(.readByGroupTypeRequest, 0x10, "ATT_READ_BY_GROUP_TYPE_REQ", .request),
        Row(.readByGroupTypeResponse, 0x11, "ATT_READ_BY_GROUP_TYPE_RSP", .response),
        Row(.writeRequest, 0x12, "ATT_WRITE_REQ", .request),
        Row(.writeResponse, 0x13, "ATT_WRITE_RSP", .response),
        Row(.writeCommand, 0x52, "ATT_WRITE_CMD", .command),
        Row(.prepareWriteRequest, 0x16, "ATT_PREPARE_WRITE_REQ", .request),
        Row(.prepareWriteResponse, 0x17, "ATT_PREPARE_WRITE_RSP", .response),
        Row(.executeWriteRequest, 0x18, "ATT_EXECUTE_WRITE_REQ", .request),
        Row(.executeWriteResponse, 0x19, "ATT_EXECUTE_WRITE_RSP", .response),
        Row(.readMultipleVariableRequest, 0x20, "ATT_READ_MULTIPLE_VARIABLE_REQ", .request),
        Row(.readMultipleVariableResponse, 0x21, "ATT_READ_MULTIPLE_VARIABLE_RSP", .response),
        Row(.multipleHandleValueNotification, 0x23, "ATT_MULTIPLE_HANDLE_VALUE_NTF", .notification),
        Row(.handleValueNotification, 0x1B, "ATT_HANDLE_VALUE_NTF", .notification),
        Row(.handleValueIndication, 0x1D, "ATT_HANDLE_VALUE_IND", .indication),
        Row(.handleValueConfirmation, 0x1E, "ATT_HANDLE_VALUE_CFM", .confirmation),
        Row(.signedWriteCommand, 0xD2, "ATT_SIGNED_WRITE_CMD", .command),
    ]

    static let unknownRows: [(UInt8, ATTOpcode.Kind)] = [
        (0x3F, .request), (0x22, .request), (0x80, .request), (0x7F, .command), (0xC0, .command),
    ]

    @Test("each opcode has the spec's value, name and kind", arguments: table)
    func row(row: Row) {
        #expect(row.opcode.rawValue == row.raw)
        #expect(row.opcode.name == row.name)
        #expect(row.opcode.kind == row.kind)
        #expect(row.opcode.isKnown)
    }

    @Test("exactly the 31 opcodes of the summary table are known")
    func knownSet() {
        let known = (0...255).map { ATTOpcode(rawValue: UInt8($0)) }.filter(\.isKnown)
        #expect(Set(known) == Set(Self.table.map(\.opcode)))
    }

    @Test("the Command Flag is bit 6 and the Authentication Signature Flag is bit 7")
    func flags() {
        #expect(ATTOpcode.writeCommand.isCommand)
        #expect(!ATTOpcode.writeCommand.hasAuthenticationSignature)
        #expect(ATTOpcode.signedWriteCommand.isCommand)
        #expect(ATTOpcode.signedWriteCommand.hasAuthenticationSignature)
        #expect(!ATTOpcode.writeRequest.isCommand)
        #expect(ATTOpcode.writeCommand.method == ATTOpcode.writeRequest.method)
        #expect(ATTOpcode.signedWriteCommand.method == 0x12)
        for row in Self.table where row.kind != .command {
            #expect(!row.opcode.isCommand && !row.opcode.hasAuthenticationSignature, "\(row.name)")
        }
    }

    @Test(
        "an unknown opcode is a command when its Command Flag is set and a request otherwise",
        arguments: unknownRows)
    func unknownKinds(raw: UInt8, kind: ATTOpcode.Kind) {
        let opcode = ATTOpcode(rawValue: raw)
        #expect(!opcode.isKnown)
        #expect(opcode.kind == kind)
        #expect(opcode.name == "opcode 0x" + String(raw, radix: 16))
    }

    @Test("an opcode prints its spec name and number and travels as one byte")
    func descriptionAndWire() throws {
        #expect(ATTOpcode.readByGroupTypeRequest.description == "ATT_READ_BY_GROUP_TYPE_REQ (0x10)")
        #expect(ATTOpcode.signedWriteCommand.encoded == [0xD2])
        #expect(try ATTOpcode(decoding: [0x1D]) == .handleValueIndication)
    }
}
