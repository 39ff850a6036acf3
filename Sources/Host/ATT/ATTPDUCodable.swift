import HCI

/// The parameters of one kind of ATT PDU, with the opcode that introduces them.
///
/// `init(from:)` and `encode(into:)` cover the parameters only; the opcode comes from ``opcode``.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3.1.
public protocol ATTPDUCodable: WireCodable, Hashable {
    /// The opcode of PDUs of this kind.
    static var opcode: ATTOpcode { get }
}

extension ATTPDUCodable {
    /// The whole PDU: the opcode followed by the parameters.
    public var encodedPDU: [UInt8] {
        var writer = ByteWriter(capacity: 1 + encodedCapacityHint)
        Self.opcode.encode(into: &writer)
        encode(into: &writer)
        return writer.bytes
    }

    /// Decodes a whole PDU, which must start with ``opcode`` and hold exactly the parameters.
    public init(decodingPDU bytes: ArraySlice<UInt8>) throws(DecodeError) {
        var reader = ByteReader(bytes)
        let opcode = try ATTOpcode(from: &reader)
        guard opcode == Self.opcode else {
            throw .invalidValue(field: "Attribute Opcode", raw: UInt64(opcode.rawValue))
        }
        try self.init(from: &reader)
        try reader.expectEnd()
    }

    /// Decodes a whole PDU, which must start with ``opcode`` and hold exactly the parameters.
    public init(decodingPDU bytes: [UInt8]) throws(DecodeError) {
        try self.init(decodingPDU: bytes[...])
    }
}
