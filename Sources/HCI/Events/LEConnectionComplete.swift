/// Tells both sides' hosts that an LE connection was created, or that creating one failed.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.1.
public struct LEConnectionCompleteEvent: LEConnectionCompletion, Hashable {
    public static let subeventCode = LESubeventCode.connectionComplete

    /// Whether the connection was created.
    public var status: HCIStatus
    /// The new connection.
    public var handle: ConnectionHandle
    /// The local device's role on the connection.
    public var role: Role
    /// The kind of the peer's address.
    public var peerAddressType: AddressType
    /// The peer's address.
    public var peerAddress: BluetoothAddress
    /// The connection interval, in units of 1.25 ms.
    public var connectionInterval: UInt16
    /// How many connection events the peripheral may skip.
    public var peripheralLatency: UInt16
    /// The supervision timeout, in units of 10 ms.
    public var supervisionTimeout: UInt16
    /// The central's sleep clock accuracy code (0 = 500 ppm ... 7 = 20 ppm).
    public var centralClockAccuracy: UInt8

    /// Makes the event from its parameters.
    public init(
        status: HCIStatus, handle: ConnectionHandle, role: Role, peerAddressType: AddressType,
        peerAddress: BluetoothAddress, connectionInterval: UInt16, peripheralLatency: UInt16,
        supervisionTimeout: UInt16, centralClockAccuracy: UInt8
    ) {
        self.status = status
        self.handle = handle
        self.role = role
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.connectionInterval = connectionInterval
        self.peripheralLatency = peripheralLatency
        self.supervisionTimeout = supervisionTimeout
        self.centralClockAccuracy = centralClockAccuracy
    }
}

extension LEConnectionCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        role = try Role(from: &reader)
        peerAddressType = try AddressType(from: &reader)
        peerAddress = try BluetoothAddress(from: &reader)
        connectionInterval = try reader.read()
        peripheralLatency = try reader.read()
        supervisionTimeout = try reader.read()
        centralClockAccuracy = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        role.encode(into: &writer)
        peerAddressType.encode(into: &writer)
        peerAddress.encode(into: &writer)
        writer.write(connectionInterval)
        writer.write(peripheralLatency)
        writer.write(supervisionTimeout)
        writer.write(centralClockAccuracy)
    }
}
