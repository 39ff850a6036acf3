/// Reads a fuzz input as a script: single bytes that choose what happens next, and length-prefixed frames.
///
/// Reading past the end gives zeros and empty frames, so every input is a complete script.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    /// Starts at the first byte.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// Up to `count` next bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, index + count)
        defer { index = end }
        return index < end ? Array(bytes[index..<end]) : []
    }

    /// A frame: one length byte, then up to that many bytes.
    mutating func frame() -> [UInt8] {
        bytes(Int(byte()))
    }

    /// Everything not yet read.
    mutating func rest() -> [UInt8] {
        bytes(bytes.count)
    }
}
