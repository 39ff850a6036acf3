/// A connection change reported to `centralManager(_:connectionEventDidOccur:for:)`.
public enum CBConnectionEvent: Int, Sendable {
    /// A peer that matched the registered options disconnected.
    case peerDisconnected = 0
    /// A peer that matched the registered options connected.
    case peerConnected = 1
}
