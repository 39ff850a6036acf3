import HCI
import Testing

@testable import Host

/// Parses hex written with optional spaces ("0a 1B ff") into bytes.
func l2capBytes(_ hex: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace })
    try #require(digits.count.isMultiple(of: 2), "odd number of hex digits", sourceLocation: sourceLocation)
    return try stride(from: 0, to: digits.count, by: 2).map { index in
        try #require(UInt8(String(digits[index...index + 1]), radix: 16), sourceLocation: sourceLocation)
    }
}

/// Checks a signaling command against the C-frame payload the spec lays out: encoding gives the
/// bytes, decoding gives the command back, and every truncation and one extra byte are refused.
func expectSignalingCodec(
    _ command: SignalingCommand, _ hex: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let bytes = try l2capBytes(hex, sourceLocation: sourceLocation)
    #expect(command.encoded == bytes, sourceLocation: sourceLocation)
    #expect(try SignalingCommand(decoding: bytes) == command, sourceLocation: sourceLocation)
    for count in 0..<bytes.count {
        #expect(throws: SignalingDecodeError.self, "prefix of \(count) bytes", sourceLocation: sourceLocation) {
            try SignalingCommand(decoding: Array(bytes.prefix(count)))
        }
    }
    #expect(throws: SignalingDecodeError.self, "one trailing byte", sourceLocation: sourceLocation) {
        try SignalingCommand(decoding: bytes + [0x00])
    }
}

/// Checks that fixed-size command fields refuse every shorter and one longer encoding.
func expectFieldsRejectMalformedLengths<T: SignalingCommandParameters>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) {
    let bytes = value.encoded
    for count in 0..<bytes.count {
        #expect(throws: DecodeError.self, "prefix of \(count) bytes", sourceLocation: sourceLocation) {
            try T(decoding: Array(bytes.prefix(count)))
        }
    }
    #expect(throws: DecodeError.self, "one trailing byte", sourceLocation: sourceLocation) {
        try T(decoding: bytes + [0x00])
    }
}

/// A small deterministic generator (SplitMix64), so fuzz loops replay the same inputs every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}
