import HCI

/// Why an operation on an ATT bearer failed: a request, an indication, a notification, a command or an answer.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3 and 3.4.1.1.
public enum ATTBearerError: Error, Hashable, Sendable {
    /// The transaction got no answer within 30 seconds; the bearer is closed from then on.
    case timeout
    /// The link went down, for the reason the controller gave.
    case disconnected(reason: HCIStatus)
    /// The bearer was closed, after a transaction timeout or by its owner; nothing more is sent on it.
    case closed
    /// Too many operations already wait their turn.
    case queueFull
    /// The peer answered the request with an Error Response.
    case errorResponse(ATTErrorResponse)
    /// The peer's answer to the request could not be decoded.
    case malformedResponse
    /// The PDU would be larger than the bearer's ATT_MTU.
    case mtuExceeded
    /// An answer was given when no request or indication from the peer awaits one, or it does not answer the one that waits.
    case unmatchedAnswer
}

extension ATTBearerError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .timeout: "ATT transaction timed out"
        case .disconnected(let reason): "link disconnected: \(reason)"
        case .closed: "ATT bearer is closed"
        case .queueFull: "too many ATT operations queued"
        case .errorResponse(let response):
            "\(response.requestOpcode.name) failed on handle \(response.handle): \(response.error)"
        case .malformedResponse: "malformed ATT response"
        case .mtuExceeded: "ATT PDU larger than ATT_MTU"
        case .unmatchedAnswer: "no ATT request or indication from the peer awaits this answer"
        }
    }
}
