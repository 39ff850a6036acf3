/// A value with exactly one wire form, decoded and encoded side by side.
public protocol WireCodable: Sendable, Equatable {
    /// Decodes the value from the reader's current position.
    init(from reader: inout ByteReader) throws(DecodeError)
    /// Appends the value's wire form.
    func encode(into writer: inout ByteWriter)
    /// How many bytes to reserve for the wire form before encoding it: a size that saves growing the buffer,
    /// not a limit. Values that carry a payload give their length; the default suits small ones.
    var encodedCapacityHint: Int { get }
}

extension WireCodable {
    public var encodedCapacityHint: Int { 32 }

    /// Decodes a value that must occupy all of `bytes`.
    public init(decoding bytes: [UInt8]) throws(DecodeError) {
        var reader = ByteReader(bytes)
        try self.init(from: &reader)
        try reader.expectEnd()
    }

    /// Decodes a value that must occupy all of `bytes`.
    public init(decoding bytes: ArraySlice<UInt8>) throws(DecodeError) {
        var reader = ByteReader(bytes)
        try self.init(from: &reader)
        try reader.expectEnd()
    }

    /// The value's wire form.
    public var encoded: [UInt8] {
        var writer = ByteWriter(capacity: encodedCapacityHint)
        encode(into: &writer)
        return writer.bytes
    }
}
