import HCI

/// One signaling command as framed on the LE signaling channel: code, identifier, length and data.
///
/// On LE-U a C-frame carries exactly one command, so the Length field must match the bytes present.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public struct SignalingPDU: Hashable, Sendable {
    /// The size of the Code, Identifier and Length fields.
    public static let headerLength = 4

    /// Which command the data holds.
    public var code: SignalingCode
    /// Matches a response to its request; 0 is never valid.
    public var identifier: UInt8
    /// The command's fields.
    public var data: [UInt8]

    /// Makes a PDU; `data` must be at most 65535 bytes.
    public init(code: SignalingCode, identifier: UInt8, data: [UInt8]) {
        precondition(data.count <= Int(UInt16.max), "signaling data is at most 65535 bytes")
        self.code = code
        self.identifier = identifier
        self.data = data
    }
}

extension SignalingPDU: WireCodable {
    /// Decodes a command that fills the rest of the reader.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        code = try SignalingCode(from: &reader)
        identifier = try reader.read()
        let length: UInt16 = try reader.read()
        guard reader.remaining == Int(length) else {
            throw .lengthMismatch(field: "Length", declared: Int(length), actual: reader.remaining)
        }
        data = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        code.encode(into: &writer)
        writer.write(identifier)
        writer.write(UInt16(data.count))
        writer.write(bytes: data)
    }
}
