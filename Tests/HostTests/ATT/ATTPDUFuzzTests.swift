import HCI
import Host
import Testing

@Suite("ATT PDU decoding of hostile input", .timeLimit(.minutes(2)))
struct ATTPDUFuzzTests {
    /// A small deterministic generator (SplitMix64), so every run sees the same inputs.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let knownOpcodes = (0...255).map { ATTOpcode(rawValue: UInt8($0)) }.filter(\.isKnown)

    /// Decodes `input`; whatever decodes must encode back to exactly the same bytes.
    private func check(_ input: [UInt8], decoded: inout Int) {
        guard let pdu = try? ATTPDU(decoding: input) else { return }
        decoded += 1
        if pdu.encoded != input {
            Issue.record("\(input) decoded to \(pdu), which encodes to \(pdu.encoded)")
        }
    }

    @Test("random PDUs never trap, and whatever decodes re-encodes to the same bytes")
    func randomBytes() {
        var generator = SplitMix64(state: 0x00A7_7A77)
        var decoded = 0
        let iterations = 50_000
        for _ in 0..<iterations {
            let length = Int.random(in: 0...48, using: &generator)
            var input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !input.isEmpty, Int.random(in: 0..<4, using: &generator) != 0 {
                input[0] = Self.knownOpcodes[Int.random(in: 0..<Self.knownOpcodes.count, using: &generator)].rawValue
            }
            if input.count > 1, Bool.random(using: &generator) {
                input[1] = UInt8.random(in: 0...24, using: &generator)
            }
            check(input, decoded: &decoded)
        }
        #expect(decoded > iterations / 10)
        #expect(decoded < iterations)
    }

    @Test("mutated spec vectors never trap, and whatever decodes re-encodes to the same bytes")
    func mutatedVectors() {
        var generator = SplitMix64(state: 0x0B1E_5EED)
        var decoded = 0
        for vector in ATTPDUVectors.all {
            for _ in 0..<1_000 {
                var input = vector.bytes
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where input.count > 1:
                    let index = Int.random(in: 1..<input.count, using: &generator)
                    input[index] = UInt8.random(in: 0...255, using: &generator)
                case 1:
                    input.removeLast(Int.random(in: 0...input.count, using: &generator))
                case 2:
                    input += (0..<Int.random(in: 1...20, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }
                default:
                    let index = Int.random(in: 1...input.count, using: &generator)
                    input.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
                check(input, decoded: &decoded)
            }
        }
        #expect(decoded > 0)
    }
}
