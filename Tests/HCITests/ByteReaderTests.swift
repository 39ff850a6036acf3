import Testing

@testable import HCI

@Suite("ByteReader and ByteWriter", .timeLimit(.minutes(2)))
struct ByteReaderTests {
    @Test("integers are little-endian both ways")
    func littleEndian() throws {
        var writer = ByteWriter()
        writer.write(UInt16(0x1234))
        writer.write(UInt32(0xA1B2_C3D4))
        writer.writeUInt(0x0102_03, width: 3)
        #expect(writer.bytes == [0x34, 0x12, 0xD4, 0xC3, 0xB2, 0xA1, 0x03, 0x02, 0x01])
        var reader = ByteReader(writer.bytes)
        #expect(try reader.read(UInt16.self) == 0x1234)
        #expect(try reader.read(UInt32.self) == 0xA1B2_C3D4)
        #expect(try reader.readUInt(width: 3) == 0x0102_03)
        #expect(reader.isAtEnd)
    }

    @Test("reading past the end throws truncated with the counts")
    func truncation() {
        var reader = ByteReader([0x01])
        #expect(throws: DecodeError.truncated(needed: 2, available: 1)) { try reader.read(UInt16.self) }
        #expect(throws: DecodeError.truncated(needed: 4, available: 1)) { try reader.readBytes(4) }
    }

    @Test("a Boolean byte other than 0 or 1 is invalid")
    func invalidBool() {
        var reader = ByteReader([0x02])
        #expect(throws: DecodeError.invalidValue(field: "Enable", raw: 2)) { try reader.readBool(field: "Enable") }
    }

    @Test("trailing bytes are rejected by whole-value decoding")
    func trailing() {
        #expect(throws: DecodeError.trailingBytes(count: 1)) {
            try BluetoothAddress(decoding: [1, 2, 3, 4, 5, 6, 7])
        }
    }

    @Test("addresses print most significant byte first and travel least significant first")
    func address() throws {
        let address = try #require(BluetoothAddress("C0:11:22:33:44:55"))
        #expect(address.description == "C0:11:22:33:44:55")
        #expect(address.encoded == [0x55, 0x44, 0x33, 0x22, 0x11, 0xC0])
        #expect(address.isStaticRandom)
        #expect(BluetoothAddress("C0:11:22:33:44") == nil)
        #expect(BluetoothAddress("G0:11:22:33:44:55") == nil)
    }
}
