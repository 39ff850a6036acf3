import Testing

@testable import HCI

@Suite("KnownEvent and KnownLEMetaEvent registries", .timeLimit(.minutes(2)))
struct KnownEventTests {
    @Test("an event code the stack does not decode stays representable and re-encodes unchanged")
    func unknownEventCode() throws {
        let packet = try HCIEventPacket(decoding: eventBytes("57 02 40 00"))
        try assertKnown(packet, is: .unknown(packet))
        let vendor = try HCIEventPacket(decoding: eventBytes("FF 03 01 02 03"))
        try assertKnown(vendor, is: .unknown(vendor))
    }

    @Test("an LE subevent the stack does not decode stays representable with its parameters")
    func unknownSubevent() throws {
        let packet = try HCIEventPacket(decoding: eventBytes("3E 04 14 40 00 01"))
        let known = KnownLEMetaEvent.unknown(
            subeventCode: LESubeventCode(rawValue: 0x14), parameters: [0x40, 0x00, 0x01])
        try assertKnown(packet, is: .leMeta(known))
        #expect(known.subeventCode.rawValue == 0x14)
        #expect(known.packet == packet)
    }

    @Test("an LE Meta event without a subevent code is truncated")
    func leMetaWithoutSubevent() {
        #expect(throws: DecodeError.truncated(needed: 1, available: 0)) {
            try KnownEvent(HCIEventPacket(code: .leMeta, parameters: []))
        }
    }

    @Test("a known event code with malformed parameters throws instead of becoming unknown")
    func knownCodeMalformed() {
        #expect(throws: DecodeError.truncated(needed: 2, available: 1)) {
            try KnownEvent(HCIEventPacket(code: .disconnectionComplete, parameters: [0x00, 0x40]))
        }
    }

    @Test("pseudo-random bytes through KnownEvent either decode and re-encode unchanged, or throw DecodeError")
    func garbageNeverTraps() throws {
        var random = SplitMix64(seed: 0x5EED_B1E0)
        let codes: [UInt8] = [0x05, 0x08, 0x0C, 0x0E, 0x0F, 0x10, 0x13, 0x30, 0x3E, 0x3E, 0x3E, 0x59]
        let subevents: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0A, 0x0C, 0x0D, 0x11, 0x12, 0x13, 0x29]
        let seeds = try [
            "05 04 00 40 00 13", "0C 08 00 40 00 0C 59 00 34 12", "13 09 02 40 00 02 00 41 00 01 00",
            "3E 0F 02 01 00 00 66 55 44 33 22 11 03 02 01 06 C4",
            "3E 1D 0D 01 13 00 00 66 55 44 33 22 11 01 00 FF 7F C9 00 00 00 00 00 00 00 00 00 03 02 01 06",
            """
            3E 22 29 00 41 00 01 03 55 44 33 22 11 C0 9F 8E 7D 6C 5B 4A
            44 33 22 11 00 5F 28 00 04 00 64 00 05 02 FF FF
            """,
        ].map { try HCIEventPacket(decoding: eventBytes($0)) }

        var decoded = 0
        var rejected = 0
        for round in 0..<600 {
            let packet: HCIEventPacket
            if round.isMultiple(of: 2) {
                var seed = seeds[Int(random.next() % UInt64(seeds.count))]
                for _ in 0...(random.next() % 3) where !seed.parameters.isEmpty {
                    let index = Int(random.next() % UInt64(seed.parameters.count))
                    seed.parameters[index] = UInt8(truncatingIfNeeded: random.next())
                }
                packet = seed
            } else {
                let code =
                    round % 7 == 1
                    ? UInt8(truncatingIfNeeded: random.next()) : codes[Int(random.next() % UInt64(codes.count))]
                let length = Int(random.next() % (round % 5 == 1 ? 256 : 40))
                var parameters = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if code == 0x3E, !parameters.isEmpty {
                    parameters[0] = subevents[Int(random.next() % UInt64(subevents.count))]
                }
                packet = HCIEventPacket(code: HCIEventCode(rawValue: code), parameters: parameters)
            }
            do {
                let event = try KnownEvent(packet)
                #expect(event.packet == packet, "re-encodes \(packet)")
                decoded += 1
            } catch {
                rejected += 1
            }
        }
        #expect(decoded > 0)
        #expect(rejected > 0)
    }
}

/// A small seeded generator (SplitMix64), so the garbage test is the same on every run.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
