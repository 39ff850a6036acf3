/// Where a peripheral's connection to the local central stands.
public enum CBPeripheralState: Int, Sendable {
    /// No connection exists.
    case disconnected = 0
    /// A connection is being set up.
    case connecting = 1
    /// The peripheral is connected.
    case connected = 2
    /// The connection is being torn down.
    case disconnecting = 3
}
