import HCI
import Testing

@testable import Host

@Suite("Bluetooth UUIDs in advertising data (Core Specification Supplement, Part A, 1.1)", .timeLimit(.minutes(2)))
struct BluetoothUUIDAdvertisingTests {
    private func advertisingBytes(_ uuid: BluetoothUUID) -> [UInt8] {
        var writer = ByteWriter()
        uuid.encodeForAdvertising(into: &writer)
        return writer.bytes
    }

    @Test("a 32-bit UUID is written in 4 bytes, least significant first, not expanded as ATT would")
    func thirtyTwoBitForm() {
        #expect(advertisingBytes(BluetoothUUID(uuid32: 0x1234_5678)) == [0x78, 0x56, 0x34, 0x12])
    }

    @Test("every UUID is written in its shortest form, whatever form it was made in")
    func shortestForm() {
        #expect(advertisingBytes(BluetoothUUID(uuid32: 0x0000_180D)) == [0x0D, 0x18])
        #expect(advertisingBytes(BluetoothUUID(uuid128: 0x0000_180D_0000_1000_8000_0080_5F9B_34FB)) == [0x0D, 0x18])
        #expect(
            advertisingBytes(BluetoothUUID(uuid128: 0x1234_5678_0000_1000_8000_0080_5F9B_34FB)) == [
                0x78, 0x56, 0x34, 0x12,
            ])
        #expect(
            advertisingBytes(AdvertisingDataTests.nordicUART) == [UInt8](adHex: AdvertisingDataTests.nordicUARTWire))
    }

    @Test(
        "2-, 4- and 16-byte forms decode to the UUIDs they stand for",
        arguments: [
            ("0D 18", BluetoothUUID(uuid16: 0x180D)),
            ("78 56 34 12", BluetoothUUID(uuid32: 0x1234_5678)),
            (AdvertisingDataTests.nordicUARTWire, AdvertisingDataTests.nordicUART),
        ])
    func decodesEveryWidth(hex: String, uuid: BluetoothUUID) throws {
        let bytes = [UInt8](adHex: hex)
        var reader = ByteReader(bytes)
        #expect(try BluetoothUUID(advertisingFrom: &reader, byteCount: bytes.count) == uuid)
        #expect(reader.remaining == 0)
    }

    @Test("a UUID cut short or of a width advertising data has no type for throws")
    func rejectsBadLengths() {
        var short = ByteReader([0x78, 0x56, 0x34])
        #expect(throws: DecodeError.self) { try BluetoothUUID(advertisingFrom: &short, byteCount: 4) }
        var odd = ByteReader([0x01, 0x02, 0x03])
        #expect(throws: DecodeError.self) { try BluetoothUUID(advertisingFrom: &odd, byteCount: 3) }
    }
}
