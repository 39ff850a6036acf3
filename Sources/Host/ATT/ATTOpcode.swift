import HCI

/// Identifies an ATT PDU: its method and its command and authentication-signature flags.
///
/// Unknown opcodes stay representable so a server can answer them with Request Not Supported.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3.1 and 3.4.8.
public struct ATTOpcode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The six kinds of ATT PDU, which decide who sends it and what answers it.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.3.
    public enum Kind: Hashable, Sendable {
        /// Sent by a client; the server answers with a response or an Error Response.
        case request
        /// Sent by a server in answer to a request.
        case response
        /// Sent by a client; nothing answers it.
        case command
        /// Sent by a server unprompted; nothing answers it.
        case notification
        /// Sent by a server unprompted; the client answers with a confirmation.
        case indication
        /// Sent by a client in answer to an indication.
        case confirmation
    }

    /// ATT_ERROR_RSP. Spec value 0x01.
    public static let errorResponse = ATTOpcode(rawValue: 0x01)
    /// ATT_EXCHANGE_MTU_REQ. Spec value 0x02.
    public static let exchangeMTURequest = ATTOpcode(rawValue: 0x02)
    /// ATT_EXCHANGE_MTU_RSP. Spec value 0x03.
    public static let exchangeMTUResponse = ATTOpcode(rawValue: 0x03)
    /// ATT_FIND_INFORMATION_REQ. Spec value 0x04.
    public static let findInformationRequest = ATTOpcode(rawValue: 0x04)
    /// ATT_FIND_INFORMATION_RSP. Spec value 0x05.
    public static let findInformationResponse = ATTOpcode(rawValue: 0x05)
    /// ATT_FIND_BY_TYPE_VALUE_REQ. Spec value 0x06.
    public static let findByTypeValueRequest = ATTOpcode(rawValue: 0x06)
    /// ATT_FIND_BY_TYPE_VALUE_RSP. Spec value 0x07.
    public static let findByTypeValueResponse = ATTOpcode(rawValue: 0x07)
    /// ATT_READ_BY_TYPE_REQ. Spec value 0x08.
    public static let readByTypeRequest = ATTOpcode(rawValue: 0x08)
    /// ATT_READ_BY_TYPE_RSP. Spec value 0x09.
    public static let readByTypeResponse = ATTOpcode(rawValue: 0x09)
    /// ATT_READ_REQ. Spec value 0x0A.
    public static let readRequest = ATTOpcode(rawValue: 0x0A)
    /// ATT_READ_RSP. Spec value 0x0B.
    public static let readResponse = ATTOpcode(rawValue: 0x0B)
    /// ATT_READ_BLOB_REQ. Spec value 0x0C.
    public static let readBlobRequest = ATTOpcode(rawValue: 0x0C)
    /// ATT_READ_BLOB_RSP. Spec value 0x0D.
    public static let readBlobResponse = ATTOpcode(rawValue: 0x0D)
    /// ATT_READ_MULTIPLE_REQ. Spec value 0x0E.
    public static let readMultipleRequest = ATTOpcode(rawValue: 0x0E)
    /// ATT_READ_MULTIPLE_RSP. Spec value 0x0F.
    public static let readMultipleResponse = ATTOpcode(rawValue: 0x0F)
    /// ATT_READ_BY_GROUP_TYPE_REQ. Spec value 0x10.
    public static let readByGroupTypeRequest = ATTOpcode(rawValue: 0x10)
    /// ATT_READ_BY_GROUP_TYPE_RSP. Spec value 0x11.
    public static let readByGroupTypeResponse = ATTOpcode(rawValue: 0x11)
    /// ATT_WRITE_REQ. Spec value 0x12.
    public static let writeRequest = ATTOpcode(rawValue: 0x12)
    /// ATT_WRITE_RSP. Spec value 0x13.
    public static let writeResponse = ATTOpcode(rawValue: 0x13)
    /// ATT_PREPARE_WRITE_REQ. Spec value 0x16.
    public static let prepareWriteRequest = ATTOpcode(rawValue: 0x16)
    /// ATT_PREPARE_WRITE_RSP. Spec value 0x17.
    public static let prepareWriteResponse = ATTOpcode(rawValue: 0x17)
    /// ATT_EXECUTE_WRITE_REQ. Spec value 0x18.
    public static let executeWriteRequest = ATTOpcode(rawValue: 0x18)
    /// ATT_EXECUTE_WRITE_RSP. Spec value 0x19.
    public static let executeWriteResponse = ATTOpcode(rawValue: 0x19)
    /// ATT_HANDLE_VALUE_NTF. Spec value 0x1B.
    public static let handleValueNotification = ATTOpcode(rawValue: 0x1B)
    /// ATT_HANDLE_VALUE_IND. Spec value 0x1D.
    public static let handleValueIndication = ATTOpcode(rawValue: 0x1D)
    /// ATT_HANDLE_VALUE_CFM. Spec value 0x1E.
    public static let handleValueConfirmation = ATTOpcode(rawValue: 0x1E)
    /// ATT_READ_MULTIPLE_VARIABLE_REQ. Spec value 0x20.
    public static let readMultipleVariableRequest = ATTOpcode(rawValue: 0x20)
    /// ATT_READ_MULTIPLE_VARIABLE_RSP. Spec value 0x21.
    public static let readMultipleVariableResponse = ATTOpcode(rawValue: 0x21)
    /// ATT_MULTIPLE_HANDLE_VALUE_NTF. Spec value 0x23.
    public static let multipleHandleValueNotification = ATTOpcode(rawValue: 0x23)
    /// ATT_WRITE_CMD. Spec value 0x52.
    public static let writeCommand = ATTOpcode(rawValue: 0x52)
    /// ATT_SIGNED_WRITE_CMD. Spec value 0xD2.
    public static let signedWriteCommand = ATTOpcode(rawValue: 0xD2)

    /// The method: the low six bits, which select the format of the parameters.
    public var method: UInt8 { rawValue & 0x3F }

    /// Whether the Command Flag (bit 6) is set, which makes the PDU a command.
    public var isCommand: Bool { rawValue & 0x40 != 0 }

    /// Whether the Authentication Signature Flag (bit 7) is set, so a 12-byte signature ends the PDU.
    public var hasAuthenticationSignature: Bool { rawValue & 0x80 != 0 }

    /// Whether the specification defines this opcode.
    public var isKnown: Bool { Self.names[rawValue] != nil }

    /// What kind of PDU the opcode introduces.
    ///
    /// An opcode the specification does not define is a command when its Command Flag is set,
    /// and a request otherwise, so that a server answers it with Request Not Supported.
    public var kind: Kind {
        switch self {
        case .errorResponse, .exchangeMTUResponse, .findInformationResponse, .findByTypeValueResponse,
            .readByTypeResponse, .readResponse, .readBlobResponse, .readMultipleResponse,
            .readByGroupTypeResponse, .writeResponse, .prepareWriteResponse, .executeWriteResponse,
            .readMultipleVariableResponse:
            .response
        case .handleValueNotification, .multipleHandleValueNotification: .notification
        case .handleValueIndication: .indication
        case .handleValueConfirmation: .confirmation
        default: isCommand ? .command : .request
        }
    }

    /// The name the specification gives the PDU, or the opcode's number.
    public var name: String {
        Self.names[rawValue] ?? "opcode 0x" + String(rawValue, radix: 16)
    }

    private static let names: [UInt8: String] = [
        0x01: "ATT_ERROR_RSP", 0x02: "ATT_EXCHANGE_MTU_REQ", 0x03: "ATT_EXCHANGE_MTU_RSP",
        0x04: "ATT_FIND_INFORMATION_REQ", 0x05: "ATT_FIND_INFORMATION_RSP",
        0x06: "ATT_FIND_BY_TYPE_VALUE_REQ", 0x07: "ATT_FIND_BY_TYPE_VALUE_RSP",
        0x08: "ATT_READ_BY_TYPE_REQ", 0x09: "ATT_READ_BY_TYPE_RSP", 0x0A: "ATT_READ_REQ",
        0x0B: "ATT_READ_RSP", 0x0C: "ATT_READ_BLOB_REQ", 0x0D: "ATT_READ_BLOB_RSP",
        0x0E: "ATT_READ_MULTIPLE_REQ", 0x0F: "ATT_READ_MULTIPLE_RSP",
        0x10: "ATT_READ_BY_GROUP_TYPE_REQ", 0x11: "ATT_READ_BY_GROUP_TYPE_RSP",
        0x12: "ATT_WRITE_REQ", 0x13: "ATT_WRITE_RSP", 0x16: "ATT_PREPARE_WRITE_REQ",
        0x17: "ATT_PREPARE_WRITE_RSP", 0x18: "ATT_EXECUTE_WRITE_REQ", 0x19: "ATT_EXECUTE_WRITE_RSP",
        0x1B: "ATT_HANDLE_VALUE_NTF", 0x1D: "ATT_HANDLE_VALUE_IND", 0x1E: "ATT_HANDLE_VALUE_CFM",
        0x20: "ATT_READ_MULTIPLE_VARIABLE_REQ", 0x21: "ATT_READ_MULTIPLE_VARIABLE_RSP",
        0x23: "ATT_MULTIPLE_HANDLE_VALUE_NTF", 0x52: "ATT_WRITE_CMD", 0xD2: "ATT_SIGNED_WRITE_CMD",
    ]
}

extension ATTOpcode: CustomStringConvertible {
    public var description: String { "\(name) (0x\(String(rawValue, radix: 16)))" }
}

extension ATTOpcode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
