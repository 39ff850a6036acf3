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
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        for offset in 0..<MemoryLayout<T>.size {
            bytes.append(UInt8(truncatingIfNeeded: value >> (offset * 8)))
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
