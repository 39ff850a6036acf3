/// Tells the host that encryption on a connection was switched on or off, with the key size in use (version 2).
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.8.
public struct EncryptionChangeV2Event: HCIEvent, Hashable {
    public static let code = HCIEventCode.encryptionChangeV2

    /// Whether the change succeeded.
    public var status: HCIStatus
    /// The connection whose encryption changed.
    public var handle: ConnectionHandle
    /// The new encryption state: 0x00 off, 0x01 on (AES-CCM on LE), other values as the spec defines them.
    public var encryptionEnabled: UInt8
    /// The size of the encryption key in octets.
    public var encryptionKeySize: UInt8

    /// Makes the event from its parameters.
    public init(status: HCIStatus, handle: ConnectionHandle, encryptionEnabled: UInt8, encryptionKeySize: UInt8) {
        self.status = status
        self.handle = handle
        self.encryptionEnabled = encryptionEnabled
        self.encryptionKeySize = encryptionKeySize
    }
}

extension EncryptionChangeV2Event {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        encryptionEnabled = try reader.read()
        encryptionKeySize = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        writer.write(encryptionEnabled)
        writer.write(encryptionKeySize)
    }
}
