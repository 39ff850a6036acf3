import HCI
import Host
import Testing

@Suite("Attribute handles", .timeLimit(.minutes(2)))
struct AttributeHandleTests {
    @Test("0x0000 is invalid; 0x0001 and 0xFFFF bound the valid handles")
    func bounds() {
        #expect(AttributeHandle.invalid.rawValue == 0x0000)
        #expect(!AttributeHandle.invalid.isValid)
        #expect(AttributeHandle.min.rawValue == 0x0001)
        #expect(AttributeHandle.max.rawValue == 0xFFFF)
        #expect(AttributeHandle.min.isValid && AttributeHandle.max.isValid)
        #expect(AttributeHandle.invalid < .min)
        #expect(AttributeHandle.min < AttributeHandle(rawValue: 0x0100))
        #expect(AttributeHandle(rawValue: 0x0100) < .max)
    }

    @Test("a handle prints as four hex digits and travels little-endian; 0x0000 decodes too")
    func wire() throws {
        #expect(AttributeHandle(rawValue: 0x002A).description == "0x002A")
        #expect(AttributeHandle(rawValue: 0x1234).encoded == [0x34, 0x12])
        #expect(try AttributeHandle(decoding: [0x00, 0x00]) == .invalid)
        #expect(throws: DecodeError.truncated(needed: 2, available: 1)) { try AttributeHandle(decoding: [0x01]) }
    }
}
