/// Starts or refreshes encryption on a connection as central, with a known long-term key.
///
/// The outcome arrives in an Encryption Change or Encryption Key Refresh Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.24.
public struct LEEnableEncryptionCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0019)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// The Rand value that identifies the key (0 for LE Secure Connections).
    public var randomNumber: UInt64
    /// The EDIV value that identifies the key (0 for LE Secure Connections).
    public var encryptedDiversifier: UInt16
    /// The 16-byte long-term key, in wire (little-endian) order.
    public var longTermKey: [UInt8]

    public init(
        handle: ConnectionHandle,
        randomNumber: UInt64,
        encryptedDiversifier: UInt16,
        longTermKey: [UInt8]
    ) {
        self.handle = handle
        self.randomNumber = randomNumber
        self.encryptedDiversifier = encryptedDiversifier
        self.longTermKey = longTermKey
    }
}

extension LEEnableEncryptionCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        randomNumber = try reader.read()
        encryptedDiversifier = try reader.read()
        longTermKey = try reader.readFixed(16)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(randomNumber)
        writer.write(encryptedDiversifier)
        writer.writeFixedField(longTermKey, count: 16, field: "Long_Term_Key")
    }
}
