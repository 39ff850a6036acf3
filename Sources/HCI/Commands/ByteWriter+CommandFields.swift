extension ByteWriter {
    /// Appends a field that is exactly `count` bytes; any other size is a programming error.
    mutating func writeFixedField(_ value: [UInt8], count: Int, field: String) {
        precondition(value.count == count, "\(field) must be \(count) bytes, not \(value.count)")
        write(bytes: value)
    }

    /// Appends a length byte and the data; data longer than `maximum` is a programming error.
    mutating func writeLengthPrefixedField(_ data: [UInt8], maximum: Int, field: String) {
        precondition(data.count <= maximum, "\(field) holds at most \(maximum) bytes, not \(data.count)")
        write(UInt8(data.count))
        write(bytes: data)
    }

    /// Appends a length byte and the data zero-padded to `capacity` bytes; longer data is a programming error.
    mutating func writePaddedField(_ data: [UInt8], capacity: Int, field: String) {
        precondition(data.count <= capacity, "\(field) holds at most \(capacity) bytes, not \(data.count)")
        write(UInt8(data.count))
        write(bytes: data)
        write(bytes: repeatElement(UInt8(0), count: capacity - data.count))
    }
}
