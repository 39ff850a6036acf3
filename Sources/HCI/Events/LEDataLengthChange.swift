/// Tells the host the largest link-layer payloads and times now in use on a connection.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.7.
public struct LEDataLengthChangeEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.dataLengthChange

    /// The connection whose data length changed.
    public var handle: ConnectionHandle
    /// The largest payload the local controller will send, in octets.
    public var maxTxOctets: UInt16
    /// The longest time the local controller will take to send a packet, in microseconds.
    public var maxTxTime: UInt16
    /// The largest payload the local controller expects to receive, in octets.
    public var maxRxOctets: UInt16
    /// The longest time the local controller expects a received packet to take, in microseconds.
    public var maxRxTime: UInt16

    /// Makes the event from its parameters.
    public init(
        handle: ConnectionHandle, maxTxOctets: UInt16, maxTxTime: UInt16, maxRxOctets: UInt16, maxRxTime: UInt16
    ) {
        self.handle = handle
        self.maxTxOctets = maxTxOctets
        self.maxTxTime = maxTxTime
        self.maxRxOctets = maxRxOctets
        self.maxRxTime = maxRxTime
    }
}

extension LEDataLengthChangeEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        maxTxOctets = try reader.read()
        maxTxTime = try reader.read()
        maxRxOctets = try reader.read()
        maxRxTime = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(maxTxOctets)
        writer.write(maxTxTime)
        writer.write(maxRxOctets)
        writer.write(maxRxTime)
    }
}
