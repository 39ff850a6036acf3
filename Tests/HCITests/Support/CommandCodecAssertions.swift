import Testing

@testable import HCI

/// Parses hex written with optional spaces ("0a 1B ff") into bytes.
func commandTestBytes(_ hex: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace })
    try #require(digits.count.isMultiple(of: 2), "odd number of hex digits", sourceLocation: sourceLocation)
    return try stride(from: 0, to: digits.count, by: 2).map { index in
        try #require(UInt8(String(digits[index...index + 1]), radix: 16), sourceLocation: sourceLocation)
    }
}

/// Checks a command against its opcode and parameter bytes as the spec lays them out.
///
/// Encoding gives the bytes, decoding gives the value back, every truncation and one extra byte are
/// rejected, and the registry decodes the packet to the expected case and encodes it back.
func expectCommandCodec<C: HCICommandParameters & Hashable>(
    _ command: C,
    opcode: UInt16,
    parameters hex: String,
    known: (C) -> KnownCommand,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let bytes = try commandTestBytes(hex, sourceLocation: sourceLocation)
    #expect(C.opcode == HCIOpcode(rawValue: opcode), sourceLocation: sourceLocation)
    #expect(command.encoded == bytes, sourceLocation: sourceLocation)
    #expect(try C(decoding: bytes) == command, sourceLocation: sourceLocation)
    expectCommandFieldsRejectMalformedLengths(C.self, bytes, sourceLocation: sourceLocation)

    let packet = HCICommandPacket(opcode: HCIOpcode(rawValue: opcode), parameters: bytes)
    #expect(try KnownCommand(packet) == known(command), sourceLocation: sourceLocation)
    #expect(known(command).packet == packet, sourceLocation: sourceLocation)
}

/// Checks return parameters (without the Status byte) against their bytes as the spec lays them out.
func expectReturnParametersCodec<R: WireCodable>(
    _ value: R,
    _ hex: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let bytes = try commandTestBytes(hex, sourceLocation: sourceLocation)
    #expect(value.encoded == bytes, sourceLocation: sourceLocation)
    #expect(try R(decoding: bytes) == value, sourceLocation: sourceLocation)
    expectCommandFieldsRejectMalformedLengths(R.self, bytes, sourceLocation: sourceLocation)
}

/// Checks that every proper prefix of `bytes`, and `bytes` with one byte more, fail to decode.
func expectCommandFieldsRejectMalformedLengths<T: WireCodable>(
    _: T.Type,
    _ bytes: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for count in 0..<bytes.count {
        #expect(throws: DecodeError.self, "prefix of \(count) bytes", sourceLocation: sourceLocation) {
            try T(decoding: Array(bytes.prefix(count)))
        }
    }
    #expect(throws: DecodeError.self, "one trailing byte", sourceLocation: sourceLocation) {
        try T(decoding: bytes + [0x00])
    }
}
