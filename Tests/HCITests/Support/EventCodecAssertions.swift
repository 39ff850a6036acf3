import Testing

@testable import HCI

/// Parses hex written in a test ("3E 01 11"; spaces and line breaks are ignored) into bytes.
func eventBytes(_ hex: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    let digits = hex.filter { !$0.isWhitespace }
    try #require(digits.count.isMultiple(of: 2), "odd number of hex digits", sourceLocation: sourceLocation)
    var bytes: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
        let next = digits.index(index, offsetBy: 2)
        bytes.append(try #require(UInt8(digits[index..<next], radix: 16), sourceLocation: sourceLocation))
        index = next
    }
    return bytes
}

/// Checks an HCI event against the whole event packet written by hand from the spec (code, length, parameters).
///
/// Proves encode == hex, decode(hex) == value, every truncation throws, one extra byte throws, and that
/// ``KnownEvent`` decodes the packet to `known` and re-encodes it unchanged. `opaqueTailFrom` marks the
/// parameter offset where an event's parameters become opaque bytes (Command Complete's return parameters):
/// truncations are checked only below it and extra bytes are not checked.
func assertEventCodec<E: HCIEvent>(
    _ value: E, packet hex: String, known: KnownEvent, opaqueTailFrom: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let wire = try eventBytes(hex, sourceLocation: sourceLocation)
    try #require(wire.count >= 2, "an event packet has a code and a length", sourceLocation: sourceLocation)
    #expect(wire[0] == E.code.rawValue, "event code", sourceLocation: sourceLocation)
    #expect(Int(wire[1]) == wire.count - 2, "length byte", sourceLocation: sourceLocation)
    let parameters = Array(wire.dropFirst(2))

    #expect(value.encoded == parameters, "encode matches the spec bytes", sourceLocation: sourceLocation)
    #expect(try E(decoding: parameters) == value, "decode gives the value", sourceLocation: sourceLocation)
    #expect(HCIEventPacket(value).encoded == wire, "packet bytes", sourceLocation: sourceLocation)
    assertRejectsMalformed(
        E.self, parameters: parameters, opaqueTailFrom: opaqueTailFrom,
        packet: { HCIEventPacket(code: E.code, parameters: $0) }, sourceLocation: sourceLocation)
    try assertKnown(HCIEventPacket(value), is: known, sourceLocation: sourceLocation)
}

/// Checks an LE Meta subevent against the whole event packet written by hand from the spec
/// (0x3E, length, subevent code, parameters), with the same proofs as ``assertEventCodec``.
func assertLEMetaEventCodec<E: LEMetaEvent>(
    _ value: E, packet hex: String, known: KnownLEMetaEvent, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let wire = try eventBytes(hex, sourceLocation: sourceLocation)
    try #require(wire.count >= 3, "code, length and subevent", sourceLocation: sourceLocation)
    #expect(wire[0] == HCIEventCode.leMeta.rawValue, "LE Meta event code", sourceLocation: sourceLocation)
    #expect(Int(wire[1]) == wire.count - 2, "length byte", sourceLocation: sourceLocation)
    #expect(wire[2] == E.subeventCode.rawValue, "subevent code", sourceLocation: sourceLocation)
    let parameters = Array(wire.dropFirst(3))

    #expect(value.encoded == parameters, "encode matches the spec bytes", sourceLocation: sourceLocation)
    #expect(try E(decoding: parameters) == value, "decode gives the value", sourceLocation: sourceLocation)
    #expect(HCIEventPacket(value).encoded == wire, "packet bytes", sourceLocation: sourceLocation)
    assertRejectsMalformed(
        E.self, parameters: parameters, opaqueTailFrom: nil,
        packet: { HCIEventPacket(code: .leMeta, parameters: [E.subeventCode.rawValue] + $0) },
        sourceLocation: sourceLocation)
    #expect(
        try KnownLEMetaEvent(subeventCode: E.subeventCode, parameters: parameters) == known,
        "KnownLEMetaEvent decodes the subevent", sourceLocation: sourceLocation)
    #expect(known.packet == HCIEventPacket(value), "KnownLEMetaEvent re-encodes", sourceLocation: sourceLocation)
    try assertKnown(HCIEventPacket(value), is: .leMeta(known), sourceLocation: sourceLocation)
}

/// Checks that a packet decodes to `known` through ``KnownEvent`` and that `known` encodes back to it.
func assertKnown(
    _ packet: HCIEventPacket, is known: KnownEvent, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(try KnownEvent(packet) == known, "KnownEvent decodes the packet", sourceLocation: sourceLocation)
    #expect(known.packet == packet, "KnownEvent re-encodes the packet", sourceLocation: sourceLocation)
}

private func assertRejectsMalformed<E: WireCodable>(
    _: E.Type, parameters: [UInt8], opaqueTailFrom: Int?, packet: ([UInt8]) -> HCIEventPacket,
    sourceLocation: SourceLocation
) {
    for length in 0..<(opaqueTailFrom ?? parameters.count) {
        let truncated = Array(parameters.prefix(length))
        #expect(throws: DecodeError.self, "truncated to \(length)", sourceLocation: sourceLocation) {
            try E(decoding: truncated)
        }
        #expect(throws: DecodeError.self, "packet truncated to \(length)", sourceLocation: sourceLocation) {
            try KnownEvent(packet(truncated))
        }
    }
    guard opaqueTailFrom == nil else { return }
    #expect(throws: DecodeError.trailingBytes(count: 1), "one extra byte", sourceLocation: sourceLocation) {
        try E(decoding: parameters + [0x00])
    }
    #expect(throws: DecodeError.trailingBytes(count: 1), "packet with one extra byte", sourceLocation: sourceLocation) {
        try KnownEvent(packet(parameters + [0x00]))
    }
}
