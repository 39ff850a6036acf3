/// Something a credit-based channel asks its driver to do after an input.
///
/// Bluetooth Core Specification Vol 3, Part A, 10.
public enum CreditBasedChannelAction: Hashable, Sendable {
    /// Send a command this device starts through ``SignalingChannel/send(_:)``, which numbers it;
    /// hand the answer back (``CreditBasedChannel/receivedConnectionResponse(_:)`` and the like).
    case signal(SignalingRequest)
    /// Send an answer to a peer's request on the signaling channel; it already carries the
    /// request's identifier.
    case respond(SignalingCommand)
    /// Send a K-frame, addressed to the peer's CID, on the connection.
    case send(BasicFrame)
    /// Hand a complete SDU to the channel's user; call ``CreditBasedChannel/sduConsumed()`` once it
    /// has been taken, so its credit goes back to the peer.
    case deliver([UInt8])
    /// The channel opened with the peer's endpoint.
    case opened(CreditBasedChannel.Endpoint)
    /// The channel reached ``CreditBasedChannelState/closed``, and its local CID is free.
    case closed(CreditBasedChannelCloseReason)
}
