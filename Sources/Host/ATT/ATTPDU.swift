import HCI

/// Every ATT PDU, decoded from the bytes of one L2CAP SDU; unknown opcodes stay representable.
///
/// A known opcode whose parameters are too short, too long or inconsistent fails to decode;
/// a server answers such a request with an Error Response, Invalid PDU.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3 and 3.4.8.
public enum ATTPDU: Hashable, Sendable {
    /// ATT_ERROR_RSP (0x01).
    case errorResponse(ATTErrorResponse)
    /// ATT_EXCHANGE_MTU_REQ (0x02).
    case exchangeMTURequest(ATTExchangeMTURequest)
    /// ATT_EXCHANGE_MTU_RSP (0x03).
    case exchangeMTUResponse(ATTExchangeMTUResponse)
    /// ATT_FIND_INFORMATION_REQ (0x04).
    case findInformationRequest(ATTFindInformationRequest)
    /// ATT_FIND_INFORMATION_RSP (0x05).
    case findInformationResponse(ATTFindInformationResponse)
    /// ATT_FIND_BY_TYPE_VALUE_REQ (0x06).
    case findByTypeValueRequest(ATTFindByTypeValueRequest)
    /// ATT_FIND_BY_TYPE_VALUE_RSP (0x07).
    case findByTypeValueResponse(ATTFindByTypeValueResponse)
    /// ATT_READ_BY_TYPE_REQ (0x08).
    case readByTypeRequest(ATTReadByTypeRequest)
    /// ATT_READ_BY_TYPE_RSP (0x09).
    case readByTypeResponse(ATTReadByTypeResponse)
    /// ATT_READ_REQ (0x0A).
    case readRequest(ATTReadRequest)
    /// ATT_READ_RSP (0x0B).
    case readResponse(ATTReadResponse)
    /// ATT_READ_BLOB_REQ (0x0C).
    case readBlobRequest(ATTReadBlobRequest)
    /// ATT_READ_BLOB_RSP (0x0D).
    case readBlobResponse(ATTReadBlobResponse)
    /// ATT_READ_MULTIPLE_REQ (0x0E).
    case readMultipleRequest(ATTReadMultipleRequest)
    /// ATT_READ_MULTIPLE_RSP (0x0F).
    case readMultipleResponse(ATTReadMultipleResponse)
    /// ATT_READ_BY_GROUP_TYPE_REQ (0x10).
    case readByGroupTypeRequest(ATTReadByGroupTypeRequest)
    /// ATT_READ_BY_GROUP_TYPE_RSP (0x11).
    case readByGroupTypeResponse(ATTReadByGroupTypeResponse)
    /// ATT_WRITE_REQ (0x12).
    case writeRequest(ATTWriteRequest)
    /// ATT_WRITE_RSP (0x13).
    case writeResponse(ATTWriteResponse)
    /// ATT_PREPARE_WRITE_REQ (0x16).
    case prepareWriteRequest(ATTPrepareWriteRequest)
    /// ATT_PREPARE_WRITE_RSP (0x17).
    case prepareWriteResponse(ATTPrepareWriteResponse)
    /// ATT_EXECUTE_WRITE_REQ (0x18).
    case executeWriteRequest(ATTExecuteWriteRequest)
    /// ATT_EXECUTE_WRITE_RSP (0x19).
    case executeWriteResponse(ATTExecuteWriteResponse)
    /// ATT_HANDLE_VALUE_NTF (0x1B).
    case handleValueNotification(ATTHandleValueNotification)
    /// ATT_HANDLE_VALUE_IND (0x1D).
    case handleValueIndication(ATTHandleValueIndication)
    /// ATT_HANDLE_VALUE_CFM (0x1E).
    case handleValueConfirmation(ATTHandleValueConfirmation)
    /// ATT_READ_MULTIPLE_VARIABLE_REQ (0x20).
    case readMultipleVariableRequest(ATTReadMultipleVariableRequest)
    /// ATT_READ_MULTIPLE_VARIABLE_RSP (0x21).
    case readMultipleVariableResponse(ATTReadMultipleVariableResponse)
    /// ATT_MULTIPLE_HANDLE_VALUE_NTF (0x23).
    case multipleHandleValueNotification(ATTMultipleHandleValueNotification)
    /// ATT_WRITE_CMD (0x52).
    case writeCommand(ATTWriteCommand)
    /// ATT_SIGNED_WRITE_CMD (0xD2).
    case signedWriteCommand(ATTSignedWriteCommand)
    /// A PDU with an opcode the specification does not define, kept as received.
    case unknown(opcode: ATTOpcode, parameters: [UInt8])

    /// The PDU's opcode.
    public var opcode: ATTOpcode {
        switch self {
        case .errorResponse: .errorResponse
        case .exchangeMTURequest: .exchangeMTURequest
        case .exchangeMTUResponse: .exchangeMTUResponse
        case .findInformationRequest: .findInformationRequest
        case .findInformationResponse: .findInformationResponse
        case .findByTypeValueRequest: .findByTypeValueRequest
        case .findByTypeValueResponse: .findByTypeValueResponse
        case .readByTypeRequest: .readByTypeRequest
        case .readByTypeResponse: .readByTypeResponse
        case .readRequest: .readRequest
        case .readResponse: .readResponse
        case .readBlobRequest: .readBlobRequest
        case .readBlobResponse: .readBlobResponse
        case .readMultipleRequest: .readMultipleRequest
        case .readMultipleResponse: .readMultipleResponse
        case .readByGroupTypeRequest: .readByGroupTypeRequest
        case .readByGroupTypeResponse: .readByGroupTypeResponse
        case .writeRequest: .writeRequest
        case .writeResponse: .writeResponse
        case .prepareWriteRequest: .prepareWriteRequest
        case .prepareWriteResponse: .prepareWriteResponse
        case .executeWriteRequest: .executeWriteRequest
        case .executeWriteResponse: .executeWriteResponse
        case .handleValueNotification: .handleValueNotification
        case .handleValueIndication: .handleValueIndication
        case .handleValueConfirmation: .handleValueConfirmation
        case .readMultipleVariableRequest: .readMultipleVariableRequest
        case .readMultipleVariableResponse: .readMultipleVariableResponse
        case .multipleHandleValueNotification: .multipleHandleValueNotification
        case .writeCommand: .writeCommand
        case .signedWriteCommand: .signedWriteCommand
        case .unknown(let opcode, _): opcode
        }
    }
}

extension ATTPDU: WireCodable {
    /// Decodes a PDU that occupies the rest of the reader: an opcode, then its parameters.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let opcode = try ATTOpcode(from: &reader)
        let parameters = try reader.readSlice(reader.remaining)
        switch opcode {
        case .errorResponse: self = .errorResponse(try ATTErrorResponse(decoding: parameters))
        case .exchangeMTURequest: self = .exchangeMTURequest(try ATTExchangeMTURequest(decoding: parameters))
        case .exchangeMTUResponse: self = .exchangeMTUResponse(try ATTExchangeMTUResponse(decoding: parameters))
        case .findInformationRequest:
            self = .findInformationRequest(try ATTFindInformationRequest(decoding: parameters))
        case .findInformationResponse:
            self = .findInformationResponse(try ATTFindInformationResponse(decoding: parameters))
        case .findByTypeValueRequest:
            self = .findByTypeValueRequest(try ATTFindByTypeValueRequest(decoding: parameters))
        case .findByTypeValueResponse:
            self = .findByTypeValueResponse(try ATTFindByTypeValueResponse(decoding: parameters))
        case .readByTypeRequest: self = .readByTypeRequest(try ATTReadByTypeRequest(decoding: parameters))
        case .readByTypeResponse: self = .readByTypeResponse(try ATTReadByTypeResponse(decoding: parameters))
        case .readRequest: self = .readRequest(try ATTReadRequest(decoding: parameters))
        case .readResponse: self = .readResponse(try ATTReadResponse(decoding: parameters))
        case .readBlobRequest: self = .readBlobRequest(try ATTReadBlobRequest(decoding: parameters))
        case .readBlobResponse: self = .readBlobResponse(try ATTReadBlobResponse(decoding: parameters))
        case .readMultipleRequest: self = .readMultipleRequest(try ATTReadMultipleRequest(decoding: parameters))
        case .readMultipleResponse: self = .readMultipleResponse(try ATTReadMultipleResponse(decoding: parameters))
        case .readByGroupTypeRequest:
            self = .readByGroupTypeRequest(try ATTReadByGroupTypeRequest(decoding: parameters))
        case .readByGroupTypeResponse:
            self = .readByGroupTypeResponse(try ATTReadByGroupTypeResponse(decoding: parameters))
        case .writeRequest: self = .writeRequest(try ATTWriteRequest(decoding: parameters))
        case .writeResponse: self = .writeResponse(try ATTWriteResponse(decoding: parameters))
        case .prepareWriteRequest: self = .prepareWriteRequest(try ATTPrepareWriteRequest(decoding: parameters))
        case .prepareWriteResponse: self = .prepareWriteResponse(try ATTPrepareWriteResponse(decoding: parameters))
        case .executeWriteRequest: self = .executeWriteRequest(try ATTExecuteWriteRequest(decoding: parameters))
        case .executeWriteResponse: self = .executeWriteResponse(try ATTExecuteWriteResponse(decoding: parameters))
        case .handleValueNotification:
            self = .handleValueNotification(try ATTHandleValueNotification(decoding: parameters))
        case .handleValueIndication:
            self = .handleValueIndication(try ATTHandleValueIndication(decoding: parameters))
        case .handleValueConfirmation:
            self = .handleValueConfirmation(try ATTHandleValueConfirmation(decoding: parameters))
        case .readMultipleVariableRequest:
            self = .readMultipleVariableRequest(try ATTReadMultipleVariableRequest(decoding: parameters))
        case .readMultipleVariableResponse:
            self = .readMultipleVariableResponse(try ATTReadMultipleVariableResponse(decoding: parameters))
        case .multipleHandleValueNotification:
            self = .multipleHandleValueNotification(try ATTMultipleHandleValueNotification(decoding: parameters))
        case .writeCommand: self = .writeCommand(try ATTWriteCommand(decoding: parameters))
        case .signedWriteCommand: self = .signedWriteCommand(try ATTSignedWriteCommand(decoding: parameters))
        default: self = .unknown(opcode: opcode, parameters: Array(parameters))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        opcode.encode(into: &writer)
        switch self {
        case .errorResponse(let pdu): pdu.encode(into: &writer)
        case .exchangeMTURequest(let pdu): pdu.encode(into: &writer)
        case .exchangeMTUResponse(let pdu): pdu.encode(into: &writer)
        case .findInformationRequest(let pdu): pdu.encode(into: &writer)
        case .findInformationResponse(let pdu): pdu.encode(into: &writer)
        case .findByTypeValueRequest(let pdu): pdu.encode(into: &writer)
        case .findByTypeValueResponse(let pdu): pdu.encode(into: &writer)
        case .readByTypeRequest(let pdu): pdu.encode(into: &writer)
        case .readByTypeResponse(let pdu): pdu.encode(into: &writer)
        case .readRequest(let pdu): pdu.encode(into: &writer)
        case .readResponse(let pdu): pdu.encode(into: &writer)
        case .readBlobRequest(let pdu): pdu.encode(into: &writer)
        case .readBlobResponse(let pdu): pdu.encode(into: &writer)
        case .readMultipleRequest(let pdu): pdu.encode(into: &writer)
        case .readMultipleResponse(let pdu): pdu.encode(into: &writer)
        case .readByGroupTypeRequest(let pdu): pdu.encode(into: &writer)
        case .readByGroupTypeResponse(let pdu): pdu.encode(into: &writer)
        case .writeRequest(let pdu): pdu.encode(into: &writer)
        case .writeResponse(let pdu): pdu.encode(into: &writer)
        case .prepareWriteRequest(let pdu): pdu.encode(into: &writer)
        case .prepareWriteResponse(let pdu): pdu.encode(into: &writer)
        case .executeWriteRequest(let pdu): pdu.encode(into: &writer)
        case .executeWriteResponse(let pdu): pdu.encode(into: &writer)
        case .handleValueNotification(let pdu): pdu.encode(into: &writer)
        case .handleValueIndication(let pdu): pdu.encode(into: &writer)
        case .handleValueConfirmation(let pdu): pdu.encode(into: &writer)
        case .readMultipleVariableRequest(let pdu): pdu.encode(into: &writer)
        case .readMultipleVariableResponse(let pdu): pdu.encode(into: &writer)
        case .multipleHandleValueNotification(let pdu): pdu.encode(into: &writer)
        case .writeCommand(let pdu): pdu.encode(into: &writer)
        case .signedWriteCommand(let pdu): pdu.encode(into: &writer)
        case .unknown(_, let parameters): writer.write(bytes: parameters)
        }
    }
}
