/// Why a credit-based channel closed, or never opened.
///
/// Bluetooth Core Specification Vol 3, Part A, 10.
public enum CreditBasedChannelCloseReason: Hashable, Sendable {
    /// A peer broke the credit-based flow control rules, so this device disconnected the channel.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 3.4.3 and 10.1.
    public enum Violation: Hashable, Sendable {
        /// A successful connection response named an invalid CID, MTU or MPS.
        case invalidConnectionResponse
        /// A K-frame arrived while the peer held no credit.
        case frameWithoutCredit
        /// A K-frame's payload is longer than this device's MPS.
        case frameExceedsMPS(length: Int, mps: Int)
        /// The first K-frame of an SDU is too short to hold the SDU Length field.
        case missingSDULength
        /// An SDU Length field exceeds this device's MTU.
        case sduExceedsMTU(length: Int, mtu: Int)
        /// The K-frames of an SDU carried more than its SDU Length field declared.
        case sduOverrun(declaredLength: Int, receivedLength: Int)
        /// The peer's credits would have exceeded 65535.
        case creditOverflow
    }

    /// The peer refused the connection request with this result.
    case refused(LECreditBasedConnectionResponse.Result)
    /// The peer answered a request with Command Reject.
    case rejected(CommandReject.Reason)
    /// The peer did not answer a request within the response timeout.
    case responseTimeout
    /// This device asked to disconnect.
    case localRequest
    /// The peer asked to disconnect.
    case peerRequest
    /// The connection carrying the channel went away.
    case linkDisconnected
    /// This device disconnected because the peer broke a rule.
    case protocolViolation(Violation)
}
