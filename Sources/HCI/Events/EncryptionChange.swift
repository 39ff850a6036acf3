/// Tells the host that encryption on a connection was switched on or off (version 1, without the key size).
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.8.
public struct EncryptionChangeEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.encryptionChange

    /// Whether the change succeeded.
    public var status: HCIStatus
    /// The connection whose encryption changed.
    public var handle: ConnectionHandle
    /// The new encryption state: 0x00 off, 0x01 on (AES-CCM on LE), other values as the spec defines them.
    public var encryptionEnabled: UInt8

    /// Makes the event from its parameters.
    public init(status: HCIStatus, handle: ConnectionHandle, encryptionEnabled: UInt8) {
        self.status = status
        self.handle = handle
        self.encryptionEnabled = encryptionEnabled
    }
}

extension EncryptionChangeEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        encryptionEnabled = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        writer.write(encryptionEnabled)
    }
}
