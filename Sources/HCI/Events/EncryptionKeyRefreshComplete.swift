/// Tells the host that the encryption key of an already encrypted connection was refreshed.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.39.
public struct EncryptionKeyRefreshCompleteEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.encryptionKeyRefreshComplete

    /// Whether the refresh succeeded.
    public var status: HCIStatus
    /// The connection whose key was refreshed.
    public var handle: ConnectionHandle

    /// Makes the event from its parameters.
    public init(status: HCIStatus, handle: ConnectionHandle) {
        self.status = status
        self.handle = handle
    }
}

extension EncryptionKeyRefreshCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
    }
}
