/// Tells the host that a connection's parameters changed, or that changing them failed.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.3.
public struct LEConnectionUpdateCompleteEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.connectionUpdateComplete

    /// Whether the update succeeded.
    public var status: HCIStatus
    /// The connection that was updated.
    public var handle: ConnectionHandle
    /// The connection interval now in use, in units of 1.25 ms.
    public var connectionInterval: UInt16
    /// How many connection events the peripheral may now skip.
    public var peripheralLatency: UInt16
    /// The supervision timeout now in use, in units of 10 ms.
    public var supervisionTimeout: UInt16

    /// Makes the event from its parameters.
    public init(
        status: HCIStatus, handle: ConnectionHandle, connectionInterval: UInt16, peripheralLatency: UInt16,
        supervisionTimeout: UInt16
    ) {
        self.status = status
        self.handle = handle
        self.connectionInterval = connectionInterval
        self.peripheralLatency = peripheralLatency
        self.supervisionTimeout = supervisionTimeout
    }
}

extension LEConnectionUpdateCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        connectionInterval = try reader.read()
        peripheralLatency = try reader.read()
        supervisionTimeout = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        writer.write(connectionInterval)
        writer.write(peripheralLatency)
        writer.write(supervisionTimeout)
    }
}
