extension ByteReader {
    /// Reads a length byte, which must not exceed `maximum`, and that many bytes.
    mutating func readLengthPrefixedField(maximum: Int, lengthField: String) throws(DecodeError) -> [UInt8] {
        let length: UInt8 = try read()
        guard Int(length) <= maximum else { throw .invalidValue(field: lengthField, raw: UInt64(length)) }
        return try readBytes(Int(length))
    }

    /// Reads a length byte (at most `capacity`) and a `capacity`-byte field; returns the significant bytes.
    mutating func readPaddedField(capacity: Int, lengthField: String) throws(DecodeError) -> [UInt8] {
        let length: UInt8 = try read()
        guard Int(length) <= capacity else { throw .invalidValue(field: lengthField, raw: UInt64(length)) }
        return Array(try readSlice(capacity).prefix(Int(length)))
    }
}
