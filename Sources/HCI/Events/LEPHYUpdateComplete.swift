/// Tells the host which PHYs a connection now uses, or that changing them failed.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.12.
public struct LEPHYUpdateCompleteEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.phyUpdateComplete

    /// Whether the update succeeded.
    public var status: HCIStatus
    /// The connection that was updated.
    public var handle: ConnectionHandle
    /// The PHY the local controller sends on.
    public var txPHY: PHY
    /// The PHY the local controller receives on.
    public var rxPHY: PHY

    /// Makes the event from its parameters.
    public init(status: HCIStatus, handle: ConnectionHandle, txPHY: PHY, rxPHY: PHY) {
        self.status = status
        self.handle = handle
        self.txPHY = txPHY
        self.rxPHY = rxPHY
    }
}

extension LEPHYUpdateCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        txPHY = try PHY(from: &reader)
        rxPHY = try PHY(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        txPHY.encode(into: &writer)
        rxPHY.encode(into: &writer)
    }
}
