import HCI
import Testing

@testable import Host

@Suite("L2CAP B-frames and channel identifiers", .timeLimit(.minutes(2)))
struct BasicFrameTests {
    @Test("a B-frame is Length, Channel ID and payload, little-endian (Vol 3, Part A, 3.1)")
    func codec() throws {
        let frame = BasicFrame(channelID: .att, payload: [0x0A, 0x0B, 0x0C])
        let bytes = try l2capBytes("03 00 04 00 0a 0b 0c")
        #expect(frame.encoded == bytes)
        #expect(try BasicFrame(decoding: bytes) == frame)
    }

    @Test("an empty B-frame carries only its header")
    func empty() throws {
        let bytes = try l2capBytes("00 00 06 00")
        #expect(try BasicFrame(decoding: bytes) == BasicFrame(channelID: .smp, payload: []))
    }

    @Test("a Length field that disagrees with the payload is refused")
    func lengthMustMatch() throws {
        #expect(throws: DecodeError.lengthMismatch(field: "Length", declared: 4, actual: 3)) {
            try BasicFrame(decoding: try l2capBytes("04 00 04 00 0a 0b 0c"))
        }
        #expect(throws: DecodeError.lengthMismatch(field: "Length", declared: 2, actual: 3)) {
            try BasicFrame(decoding: try l2capBytes("02 00 04 00 0a 0b 0c"))
        }
        for count in 0..<4 {
            #expect(throws: DecodeError.self) { try BasicFrame(decoding: [UInt8](repeating: 0, count: count)) }
        }
    }

    @Test("fixed channels have the spec's identifiers and LE dynamic CIDs span 0x0040 to 0x007F")
    func channelIdentifiers() {
        #expect(L2CAPChannelID.att.rawValue == 0x0004)
        #expect(L2CAPChannelID.leSignaling.rawValue == 0x0005)
        #expect(L2CAPChannelID.smp.rawValue == 0x0006)
        #expect(!L2CAPChannelID(rawValue: 0x003F).isLEDynamic)
        #expect(L2CAPChannelID(rawValue: 0x0040).isLEDynamic)
        #expect(L2CAPChannelID(rawValue: 0x007F).isLEDynamic)
        #expect(!L2CAPChannelID(rawValue: 0x0080).isLEDynamic)
    }
}
