/// Tells the host that an advertising set stopped, because a connection was made or its duration or count ran out.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.18.
public struct LEAdvertisingSetTerminatedEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.advertisingSetTerminated

    /// Success when a connection ended the advertising, otherwise why it ended (e.g. advertising timeout).
    public var status: HCIStatus
    /// The advertising set that stopped.
    public var advertisingHandle: UInt8
    /// The connection that ended the advertising; meaningful only when ``status`` is success.
    public var handle: ConnectionHandle
    /// How many extended advertising events the set completed (meaningful only with a maximum event count).
    public var numCompletedExtendedAdvertisingEvents: UInt8

    /// Makes the event from its parameters.
    public init(
        status: HCIStatus, advertisingHandle: UInt8, handle: ConnectionHandle,
        numCompletedExtendedAdvertisingEvents: UInt8
    ) {
        self.status = status
        self.advertisingHandle = advertisingHandle
        self.handle = handle
        self.numCompletedExtendedAdvertisingEvents = numCompletedExtendedAdvertisingEvents
    }
}

extension LEAdvertisingSetTerminatedEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        advertisingHandle = try reader.read()
        handle = try ConnectionHandle(from: &reader, after: status)
        numCompletedExtendedAdvertisingEvents = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        writer.write(advertisingHandle)
        handle.encode(into: &writer)
        writer.write(numCompletedExtendedAdvertisingEvents)
    }
}
