/// Where an LE credit-based connection-oriented channel is in its life.
///
/// Bluetooth Core Specification Vol 3, Part A, 6.1 (channel states) and 10.
public enum CreditBasedChannelState: Hashable, Sendable {
    /// No channel: the local CID is free.
    case closed
    /// This device sent an LE Credit Based Connection Request and awaits the response.
    case waitingConnectResponse
    /// The channel carries SDUs both ways.
    case open
    /// This device sent a Disconnection Request and awaits the response; data is discarded.
    case waitingDisconnectResponse
}
