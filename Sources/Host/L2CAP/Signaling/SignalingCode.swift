import HCI

/// The Code field of an L2CAP signaling command; unknown codes stay representable.
///
/// Bluetooth Core Specification Vol 3, Part A, 4 (Table 4.2).
public struct SignalingCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// L2CAP_COMMAND_REJECT_RSP. Spec value 0x01.
    public static let commandReject = SignalingCode(rawValue: 0x01)
    /// L2CAP_DISCONNECTION_REQ. Spec value 0x06.
    public static let disconnectionRequest = SignalingCode(rawValue: 0x06)
    /// L2CAP_DISCONNECTION_RSP. Spec value 0x07.
    public static let disconnectionResponse = SignalingCode(rawValue: 0x07)
    /// L2CAP_CONNECTION_PARAMETER_UPDATE_REQ. Spec value 0x12.
    public static let connectionParameterUpdateRequest = SignalingCode(rawValue: 0x12)
    /// L2CAP_CONNECTION_PARAMETER_UPDATE_RSP. Spec value 0x13.
    public static let connectionParameterUpdateResponse = SignalingCode(rawValue: 0x13)
    /// L2CAP_LE_CREDIT_BASED_CONNECTION_REQ. Spec value 0x14.
    public static let leCreditBasedConnectionRequest = SignalingCode(rawValue: 0x14)
    /// L2CAP_LE_CREDIT_BASED_CONNECTION_RSP. Spec value 0x15.
    public static let leCreditBasedConnectionResponse = SignalingCode(rawValue: 0x15)
    /// L2CAP_FLOW_CONTROL_CREDIT_IND. Spec value 0x16.
    public static let flowControlCreditIndication = SignalingCode(rawValue: 0x16)

    /// Whether the command answers a request (and so is never itself answered with Command Reject).
    public var isResponse: Bool {
        switch self {
        case .commandReject, .disconnectionResponse, .connectionParameterUpdateResponse,
            .leCreditBasedConnectionResponse:
            true
        default:
            false
        }
    }
}

extension SignalingCode: CustomStringConvertible {
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

extension SignalingCode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
