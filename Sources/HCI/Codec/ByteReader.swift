/// A bounds-checked cursor over received bytes; every read either succeeds or throws ``DecodeError``.
///
/// Multi-byte integers are little-endian, as in every Bluetooth protocol layer.
public struct ByteReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    /// Reads from the given bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
        self.index = self.bytes.startIndex
    }

    /// Reads from the given slice, without copying it.
    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    /// The number of bytes not yet read.
    public var remaining: Int { bytes.endIndex - index }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index == bytes.endIndex }

    /// Reads a little-endian integer.
    ///
    /// Inlinable, so that callers in other modules get it specialized for their integer type: one
    /// ``readUInt(width:)`` per 8 bytes instead of a generic shift per byte.
    @inlinable
    public mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws(DecodeError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw .truncated(needed: size, available: remaining) }
        var value: T = 0
        var offset = 0
        while offset < size {
            let chunk = Swift.min(size - offset, 8)
            value |= T(truncatingIfNeeded: try readUInt(width: chunk)) << (offset * 8)
            offset += chunk
        }
        return value
    }

    /// Reads a little-endian unsigned integer that is `width` bytes wide (1 to 8).
    public mutating func readUInt(width: Int) throws(DecodeError) -> UInt64 {
        precondition((1...8).contains(width), "width must be 1...8")
        try require(width)
        var value: UInt64 = 0
        for offset in 0..<width {
            value |= UInt64(bytes[index + offset]) << (offset * 8)
        }
        index += width
        return value
    }

    /// Reads a Boolean stored as one byte that must be 0 or 1.
    public mutating func readBool(field: String) throws(DecodeError) -> Bool {
        let raw: UInt8 = try read()
        guard raw <= 1 else { throw .invalidValue(field: field, raw: UInt64(raw)) }
        return raw == 1
    }

    /// Reads `count` bytes as an array.
    public mutating func readBytes(_ count: Int) throws(DecodeError) -> [UInt8] {
        Array(try readSlice(count))
    }

    /// Reads `count` bytes as a slice sharing the input's storage.
    public mutating func readSlice(_ count: Int) throws(DecodeError) -> ArraySlice<UInt8> {
        guard count >= 0 else { throw .invalidValue(field: "length", raw: UInt64(bitPattern: Int64(count))) }
        try require(count)
        let slice = bytes[index..<(index + count)]
        index += count
        return slice
    }

    /// Reads a fixed-size array of bytes (keys, random numbers, feature masks).
    public mutating func readFixed(_ count: Int) throws(DecodeError) -> [UInt8] {
        try readBytes(count)
    }

    /// Reads every byte that is left.
    public mutating func readRemaining() -> [UInt8] {
        defer { index = bytes.endIndex }
        return Array(bytes[index...])
    }

    /// Throws unless every byte has been read.
    public func expectEnd() throws(DecodeError) {
        guard isAtEnd else { throw .trailingBytes(count: remaining) }
    }

    private func require(_ count: Int) throws(DecodeError) {
        guard remaining >= count else { throw .truncated(needed: count, available: remaining) }
    }
}
