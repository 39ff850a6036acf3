/// Accumulates the bytes of an outgoing packet; multi-byte integers are written little-endian.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// Starts an empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 32) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends a little-endian integer.
    ///
    /// Inlinable, so that callers in other modules get it specialized for their integer type: one
    /// ``writeUInt(_:width:)`` per 8 bytes instead of a generic shift per byte.
    @inlinable
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        var rest = value
        var width = MemoryLayout<T>.size
        while width > 0 {
            let chunk = Swift.min(width, 8)
            writeUInt(UInt64(truncatingIfNeeded: rest), width: chunk)
            width -= chunk
            if width > 0 { rest >>= 64 }
        }
    }

    /// Appends the low `width` bytes of `value`, little-endian.
    public mutating func writeUInt(_ value: UInt64, width: Int) {
        for offset in 0..<width {
            bytes.append(UInt8(truncatingIfNeeded: value >> (offset * 8)))
        }
    }

    /// Appends a Boolean as one byte, 0 or 1.
    public mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Appends raw bytes.
    public mutating func write<S: Sequence<UInt8>>(bytes other: S) {
        bytes.append(contentsOf: other)
    }

    /// Appends a value's wire form.
    public mutating func write<T: WireCodable>(_ value: T) {
        value.encode(into: &self)
    }
}
