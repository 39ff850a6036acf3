/// Something the LE signaling channel asks its driver to do after an input.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public enum SignalingAction: Equatable, Sendable {
    /// Send the command as the payload of a B-frame on the LE signaling channel (CID 0x0005).
    case send(SignalingCommand)
    /// Start the response timeout (RTX) for a request; when it fires, call
    /// ``SignalingChannel/timeoutElapsed(identifier:)``.
    case startResponseTimer(identifier: UInt8)
    /// Stop the response timeout of a request that was answered.
    case cancelResponseTimer(identifier: UInt8)
    /// As central, apply the parameters the peripheral asked for and that were accepted, with the
    /// HCI LE Connection Update command; the accepting response is sent first.
    case updateConnectionParameters(ConnectionParameterUpdateRequest)
    /// A request or indication from the peer for the channel layer: Disconnection Request,
    /// LE Credit Based Connection Request or Flow Control Credit Indication. Requests must be
    /// answered with the same identifier.
    case received(SignalingCommand)
    /// The peer answered one of this device's requests, with its response or a Command Reject.
    case responseReceived(request: SignalingRequest, response: SignalingCommand)
    /// One of this device's requests went unanswered for the response timeout.
    case responseTimedOut(request: SignalingRequest)
    /// A C-frame was discarded without an answer.
    case dropped(SignalingDropReason)
}
