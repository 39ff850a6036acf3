/// Carries the LE features a peer's controller reported.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.4.
public struct LEReadRemoteFeaturesCompleteEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.readRemoteFeaturesComplete

    /// Whether the features were read.
    public var status: HCIStatus
    /// The connection to the peer.
    public var handle: ConnectionHandle
    /// The peer's LE features.
    public var leFeatures: LEFeatures

    /// Makes the event from its parameters.
    public init(status: HCIStatus, handle: ConnectionHandle, leFeatures: LEFeatures) {
        self.status = status
        self.handle = handle
        self.leFeatures = leFeatures
    }
}

extension LEReadRemoteFeaturesCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        leFeatures = try LEFeatures(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        leFeatures.encode(into: &writer)
    }
}
