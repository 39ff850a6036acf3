import HCI
import Host
import Testing

@Suite("Bluetooth UUIDs", .timeLimit(.minutes(2)))
struct BluetoothUUIDTests {
    private let primaryService = BluetoothUUID(uuid16: 0x2800)

    @Test("a 16-bit UUID expands onto the Base UUID and equals its 128-bit form")
    func sixteenBit() throws {
        let long = try #require(BluetoothUUID(string: "00002800-0000-1000-8000-00805F9B34FB"))
        #expect(primaryService.uuid128 == 0x0000_2800_0000_1000_8000_0080_5F9B_34FB)
        #expect(primaryService == long)
        #expect(Set([primaryService, long]).count == 1)
        #expect(long.uuid16 == 0x2800)
        #expect(long.bitWidth == 128)
        #expect(long.shortestForm.bitWidth == 16)
        #expect(primaryService.uuidString == "2800")
        #expect(long.uuidString == "2800")
    }

    @Test("a 128-bit vendor UUID prints with dashes in upper case and has no short form")
    func vendor() throws {
        let uuid = try #require(BluetoothUUID(string: "6e400001-b5a3-f393-e0a9-e50e24dcca9e"))
        #expect(uuid == ATTFixtures.nordicUART)
        #expect(uuid.uuidString == "6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
        #expect(uuid.description == uuid.uuidString)
        #expect(uuid.uuid16 == nil && uuid.uuid32 == nil)
        #expect(uuid.shortestForm.bitWidth == 128)
        #expect(uuid != primaryService)
    }

    @Test("a 32-bit UUID prints 8 hex digits, and one with a 16-bit value prints 4")
    func thirtyTwoBit() throws {
        let uuid = BluetoothUUID(uuid32: 0x1234_ABCD)
        #expect(uuid.uuidString == "1234ABCD")
        #expect(uuid.uuid128 == 0x1234_ABCD_0000_1000_8000_0080_5F9B_34FB)
        #expect(uuid.uuid16 == nil)
        #expect(try #require(BluetoothUUID(string: "1234abcd")) == uuid)
        let small = BluetoothUUID(uuid32: 0x0000_180D)
        #expect(small == BluetoothUUID(uuid16: 0x180D))
        #expect(small.uuidString == "180D")
        #expect(small.shortestForm.bitWidth == 16)
    }

    @Test("a value one off the Base UUID is a different, 128-bit-only UUID")
    func offBase() throws {
        let uuid = try #require(BluetoothUUID(string: "00002800-0000-1000-8000-00805F9B34FC"))
        #expect(uuid != primaryService)
        #expect(uuid.uuid16 == nil)
        #expect(uuid.uuidString == "00002800-0000-1000-8000-00805F9B34FC")
    }

    @Test("the strings CBUUID prints parse back in either case")
    func parsing() {
        #expect(BluetoothUUID(string: "2a37") == BluetoothUUID(uuid16: 0x2A37))
        #expect(BluetoothUUID(string: "2A37")?.uuidString == "2A37")
        #expect(BluetoothUUID(string: "0000") == BluetoothUUID(uuid16: 0))
    }

    @Test(
        "anything but 4, 8 or 36 well-placed hex characters is refused",
        arguments: [
            "", "280", "28000", "+280", "-280", "G800", "0x2800", " 2800", "+1234567",
            "00002800-0000-1000-8000-00805F9B34F", "000028000-000-1000-8000-00805F9B34FB",
            "00002800-0000-1000-8000+00805F9B34FB", "00002800000010008000000805F9B34FB0",
            "0000280-00000-1000-8000-00805F9B34FB",
        ])
    func refused(string: String) {
        #expect(BluetoothUUID(string: string) == nil)
    }

    @Test("16-bit UUIDs travel in 2 bytes; 32- and 128-bit UUIDs in 16, least significant byte first")
    func wireForms() {
        var writer = ByteWriter()
        primaryService.encode(into: &writer)
        #expect(writer.bytes == [0x00, 0x28])
        #expect(primaryService.attByteCount == 2)

        writer = ByteWriter()
        ATTFixtures.nordicUART.encode(into: &writer)
        #expect(writer.bytes == ATTFixtures.bytes(ATTFixtures.nordicUARTWire))
        #expect(ATTFixtures.nordicUART.attByteCount == 16)

        writer = ByteWriter()
        BluetoothUUID(uuid32: 0x1234_ABCD).encode(into: &writer)
        #expect(writer.bytes == ATTFixtures.bytes("FB349B5F 80000080 00100000 CDAB3412"))
        #expect(BluetoothUUID(uuid32: 0x1234_ABCD).attByteCount == 16)
    }

    @Test("decoding reads 2 or 16 bytes and keeps the form it read")
    func decoding() throws {
        var reader = ByteReader([0x00, 0x28])
        let short = try BluetoothUUID(from: &reader, byteCount: 2)
        #expect(short == primaryService && short.bitWidth == 16)

        let longBytes = ATTFixtures.bytes("FB349B5F8000008000100000 00280000")
        reader = ByteReader(longBytes)
        let long = try BluetoothUUID(from: &reader, byteCount: 16)
        #expect(long == primaryService && long.bitWidth == 128)
        var writer = ByteWriter()
        long.encode(into: &writer)
        #expect(writer.bytes == longBytes)

        reader = ByteReader([0x0D, 0x18, 0x00, 0x00])
        #expect(throws: DecodeError.invalidValue(field: "UUID length", raw: 4)) {
            try BluetoothUUID(from: &reader, byteCount: 4)
        }
        reader = ByteReader(Array(longBytes.prefix(15)))
        #expect(throws: DecodeError.truncated(needed: 16, available: 15)) {
            try BluetoothUUID(from: &reader, byteCount: 16)
        }
    }
}
