/// Encrypts one 16-byte block with AES-128 in the controller.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.22.
public struct LEEncryptCommand: HCICommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0017)

    /// The 16-byte AES key, in wire (little-endian) order.
    public var key: [UInt8]
    /// The 16-byte block to encrypt, in wire (little-endian) order.
    public var plaintextData: [UInt8]

    public init(key: [UInt8], plaintextData: [UInt8]) {
        self.key = key
        self.plaintextData = plaintextData
    }

    /// The encrypted block.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The 16-byte ciphertext, in wire (little-endian) order.
        public var encryptedData: [UInt8]

        public init(encryptedData: [UInt8]) {
            self.encryptedData = encryptedData
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            encryptedData = try reader.readFixed(16)
        }

        public func encode(into writer: inout ByteWriter) {
            writer.writeFixedField(encryptedData, count: 16, field: "Encrypted_Data")
        }
    }
}

extension LEEncryptCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        key = try reader.readFixed(16)
        plaintextData = try reader.readFixed(16)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeFixedField(key, count: 16, field: "Key")
        writer.writeFixedField(plaintextData, count: 16, field: "Plaintext_Data")
    }
}
