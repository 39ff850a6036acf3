/// Asks the host whether to accept the connection parameters a peer requested.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.6.
public struct LERemoteConnectionParameterRequestEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.remoteConnectionParameterRequest

    /// The connection the peer wants to change.
    public var handle: ConnectionHandle
    /// The smallest connection interval the peer asks for, in units of 1.25 ms.
    public var intervalMin: UInt16
    /// The largest connection interval the peer asks for, in units of 1.25 ms.
    public var intervalMax: UInt16
    /// The peripheral latency the peer asks for, in connection events.
    public var maxLatency: UInt16
    /// The supervision timeout the peer asks for, in units of 10 ms.
    public var timeout: UInt16

    /// Makes the event from its parameters.
    public init(
        handle: ConnectionHandle, intervalMin: UInt16, intervalMax: UInt16, maxLatency: UInt16, timeout: UInt16
    ) {
        self.handle = handle
        self.intervalMin = intervalMin
        self.intervalMax = intervalMax
        self.maxLatency = maxLatency
        self.timeout = timeout
    }
}

extension LERemoteConnectionParameterRequestEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        intervalMin = try reader.read()
        intervalMax = try reader.read()
        maxLatency = try reader.read()
        timeout = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(intervalMin)
        writer.write(intervalMax)
        writer.write(maxLatency)
        writer.write(timeout)
    }
}
