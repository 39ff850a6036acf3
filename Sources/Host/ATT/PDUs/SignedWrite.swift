import HCI

/// Asks the server to write an attribute's value on an unencrypted link, signed with the CSRK; never answered.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.4.
public struct ATTSignedWriteCommand: ATTPDUCodable {
    public static let opcode = ATTOpcode.signedWriteCommand

    /// The length of the Authentication Signature: a 4-byte sign counter and an 8-byte MAC.
    public static let signatureLength = 12

    /// The attribute to write.
    public var handle: AttributeHandle
    /// The new value.
    public var value: [UInt8]
    /// The Authentication Signature over the opcode, handle and value (``signatureLength`` bytes).
    public let signature: [UInt8]

    /// Makes a command; `signature` must be exactly 12 bytes.
    public init(handle: AttributeHandle, value: [UInt8], signature: [UInt8]) {
        precondition(signature.count == Self.signatureLength, "an Authentication Signature is 12 bytes")
        self.handle = handle
        self.value = value
        self.signature = signature
    }

    /// The bytes the signature covers: the opcode, the handle and the value.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.3.1.
    public var signedBytes: [UInt8] {
        var writer = ByteWriter()
        Self.opcode.encode(into: &writer)
        handle.encode(into: &writer)
        writer.write(bytes: value)
        return writer.bytes
    }
}

extension ATTSignedWriteCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        guard reader.remaining >= Self.signatureLength else {
            throw .truncated(needed: Self.signatureLength, available: reader.remaining)
        }
        value = try reader.readBytes(reader.remaining - Self.signatureLength)
        signature = try reader.readBytes(Self.signatureLength)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(bytes: value)
        writer.write(bytes: signature)
    }
}
