/// Why the LE signaling channel could not send a command this device started.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public enum SignalingChannelError: Error, Hashable, Sendable {
    /// As many requests as allowed are awaiting responses.
    case tooManyOutstandingRequests(limit: Int)
    /// Only the peripheral may ask for a connection parameter update.
    case connectionParameterUpdateRequiresPeripheral
}
