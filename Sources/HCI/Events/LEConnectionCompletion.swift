/// What every version of the LE connection complete event reports about a new connection, or a failed attempt.
///
/// LE Connection Complete, LE Enhanced Connection Complete and its version 2 conform.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.1 and 7.7.65.10.
public protocol LEConnectionCompletion: LEMetaEvent {
    /// Whether the connection was created.
    var status: HCIStatus { get }
    /// The new connection.
    var handle: ConnectionHandle { get }
    /// The local device's role on the connection.
    var role: Role { get }
    /// The kind of the peer's address.
    var peerAddressType: AddressType { get }
    /// The peer's address.
    var peerAddress: BluetoothAddress { get }
    /// The connection interval, in units of 1.25 ms.
    var connectionInterval: UInt16 { get }
    /// How many connection events the peripheral may skip.
    var peripheralLatency: UInt16 { get }
    /// The supervision timeout, in units of 10 ms.
    var supervisionTimeout: UInt16 { get }
}
