import HCI

/// One length-type-data element of advertising or scan response data.
///
/// Bluetooth Core Specification Vol 3, Part C, 11.
public struct ADStructure: Hashable, Sendable {
    /// The most data bytes one structure can carry: its one-byte length also counts the type byte.
    public static let maximumDataLength = 254

    /// What the data means.
    public var type: ADType
    /// The bytes after the type, in the format the type defines.
    public var data: [UInt8]

    /// Makes a structure; `data` must be at most ``maximumDataLength`` bytes.
    public init(type: ADType, data: [UInt8]) {
        precondition(data.count <= Self.maximumDataLength, "an AD structure carries at most 254 data bytes")
        self.type = type
        self.data = data
    }

    /// The number of bytes the structure occupies on the air, length byte included.
    public var encodedLength: Int { 2 + data.count }
}

extension ADStructure: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let length: UInt8 = try reader.read()
        guard length > 0 else { throw .invalidValue(field: "AD structure length", raw: 0) }
        guard Int(length) <= reader.remaining else {
            throw .lengthMismatch(field: "AD structure", declared: Int(length), actual: reader.remaining)
        }
        type = try ADType(from: &reader)
        data = try reader.readBytes(Int(length) - 1)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt8(data.count + 1))
        writer.write(type)
        writer.write(bytes: data)
    }
}
