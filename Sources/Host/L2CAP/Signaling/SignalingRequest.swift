/// A signaling command this device starts, before the signaling channel gives it an identifier:
/// a request that awaits a response, or a credit indication that does not.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public enum SignalingRequest: Hashable, Sendable {
    /// Closes a credit-based channel.
    case disconnection(DisconnectionRequest)
    /// Asks the central for new connection parameters (peripheral only).
    case connectionParameterUpdate(ConnectionParameterUpdateRequest)
    /// Opens a credit-based channel.
    case leCreditBasedConnection(LECreditBasedConnectionRequest)
    /// Gives the peer credits; never answered.
    case flowControlCredit(FlowControlCreditIndication)

    /// The command as sent with `identifier`.
    public func command(identifier: UInt8) -> SignalingCommand {
        switch self {
        case .disconnection(let request): .disconnectionRequest(identifier: identifier, request)
        case .connectionParameterUpdate(let request): .connectionParameterUpdateRequest(identifier: identifier, request)
        case .leCreditBasedConnection(let request): .leCreditBasedConnectionRequest(identifier: identifier, request)
        case .flowControlCredit(let indication): .flowControlCreditIndication(identifier: identifier, indication)
        }
    }

    /// The code of the response that answers the command, or nil when none is expected.
    public var responseCode: SignalingCode? {
        switch self {
        case .disconnection: .disconnectionResponse
        case .connectionParameterUpdate: .connectionParameterUpdateResponse
        case .leCreditBasedConnection: .leCreditBasedConnectionResponse
        case .flowControlCredit: nil
        }
    }
}
