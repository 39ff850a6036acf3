/// Why a credit-based channel refused a local request.
///
/// Bluetooth Core Specification Vol 3, Part A, 10.
public enum CreditBasedChannelError: Error, Hashable, Sendable {
    /// Only a closed channel can connect.
    case notClosed(CreditBasedChannelState)
    /// Only an open channel carries SDUs.
    case notOpen(CreditBasedChannelState)
    /// The SDU is longer than the peer's MTU.
    case sduExceedsPeerMTU(length: Int, mtu: Int)
    /// As many SDUs as allowed are waiting for credits.
    case sendQueueFull(limit: Int)
}
