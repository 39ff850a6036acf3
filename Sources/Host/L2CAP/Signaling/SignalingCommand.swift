import HCI

/// Every LE signaling command the stack understands, with its identifier; other codes stay
/// representable as ``unknown(code:identifier:data:)``.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public enum SignalingCommand: Hashable, Sendable {
    /// L2CAP_COMMAND_REJECT_RSP (0x01).
    case commandReject(identifier: UInt8, CommandReject)
    /// L2CAP_DISCONNECTION_REQ (0x06).
    case disconnectionRequest(identifier: UInt8, DisconnectionRequest)
    /// L2CAP_DISCONNECTION_RSP (0x07).
    case disconnectionResponse(identifier: UInt8, DisconnectionResponse)
    /// L2CAP_CONNECTION_PARAMETER_UPDATE_REQ (0x12).
    case connectionParameterUpdateRequest(identifier: UInt8, ConnectionParameterUpdateRequest)
    /// L2CAP_CONNECTION_PARAMETER_UPDATE_RSP (0x13).
    case connectionParameterUpdateResponse(identifier: UInt8, ConnectionParameterUpdateResponse)
    /// L2CAP_LE_CREDIT_BASED_CONNECTION_REQ (0x14).
    case leCreditBasedConnectionRequest(identifier: UInt8, LECreditBasedConnectionRequest)
    /// L2CAP_LE_CREDIT_BASED_CONNECTION_RSP (0x15).
    case leCreditBasedConnectionResponse(identifier: UInt8, LECreditBasedConnectionResponse)
    /// L2CAP_FLOW_CONTROL_CREDIT_IND (0x16).
    case flowControlCreditIndication(identifier: UInt8, FlowControlCreditIndication)
    /// A command with a code the stack does not decode, kept as received; `code` must not be one of the above.
    case unknown(code: SignalingCode, identifier: UInt8, data: [UInt8])

    /// Decodes the payload of a C-frame received on the LE signaling channel.
    public init(decoding payload: [UInt8]) throws(SignalingDecodeError) {
        let pdu: SignalingPDU
        do {
            pdu = try SignalingPDU(decoding: payload)
        } catch {
            guard payload.count >= 2 else { throw .unreadableHeader(error) }
            throw .malformed(code: SignalingCode(rawValue: payload[0]), identifier: payload[1], error)
        }
        do {
            try self.init(pdu)
        } catch {
            throw .malformed(code: pdu.code, identifier: pdu.identifier, error)
        }
    }

    /// Decodes a framed command; known codes must hold exactly their fields.
    public init(_ pdu: SignalingPDU) throws(DecodeError) {
        let id = pdu.identifier
        let data = pdu.data
        switch pdu.code {
        case .commandReject:
            self = .commandReject(identifier: id, try CommandReject(decoding: data))
        case .disconnectionRequest:
            self = .disconnectionRequest(identifier: id, try DisconnectionRequest(decoding: data))
        case .disconnectionResponse:
            self = .disconnectionResponse(identifier: id, try DisconnectionResponse(decoding: data))
        case .connectionParameterUpdateRequest:
            self = .connectionParameterUpdateRequest(
                identifier: id, try ConnectionParameterUpdateRequest(decoding: data))
        case .connectionParameterUpdateResponse:
            self = .connectionParameterUpdateResponse(
                identifier: id, try ConnectionParameterUpdateResponse(decoding: data))
        case .leCreditBasedConnectionRequest:
            self = .leCreditBasedConnectionRequest(identifier: id, try LECreditBasedConnectionRequest(decoding: data))
        case .leCreditBasedConnectionResponse:
            self = .leCreditBasedConnectionResponse(
                identifier: id, try LECreditBasedConnectionResponse(decoding: data))
        case .flowControlCreditIndication:
            self = .flowControlCreditIndication(identifier: id, try FlowControlCreditIndication(decoding: data))
        default:
            self = .unknown(code: pdu.code, identifier: id, data: data)
        }
    }

    /// The identifier that pairs a request with its response.
    public var identifier: UInt8 { pdu.identifier }

    /// The command's code.
    public var code: SignalingCode { pdu.code }

    /// The command framed for the signaling channel.
    public var pdu: SignalingPDU {
        switch self {
        case .commandReject(let id, let command): Self.pdu(id, command)
        case .disconnectionRequest(let id, let command): Self.pdu(id, command)
        case .disconnectionResponse(let id, let command): Self.pdu(id, command)
        case .connectionParameterUpdateRequest(let id, let command): Self.pdu(id, command)
        case .connectionParameterUpdateResponse(let id, let command): Self.pdu(id, command)
        case .leCreditBasedConnectionRequest(let id, let command): Self.pdu(id, command)
        case .leCreditBasedConnectionResponse(let id, let command): Self.pdu(id, command)
        case .flowControlCreditIndication(let id, let command): Self.pdu(id, command)
        case .unknown(let code, let id, let data): SignalingPDU(code: code, identifier: id, data: data)
        }
    }

    /// The payload of the C-frame that carries the command.
    public var encoded: [UInt8] { pdu.encoded }

    private static func pdu<P: SignalingCommandParameters>(_ identifier: UInt8, _ parameters: P) -> SignalingPDU {
        SignalingPDU(code: P.code, identifier: identifier, data: parameters.encoded)
    }
}
