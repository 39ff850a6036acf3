import Host
import Testing

@testable import CoreBluetooth

/// Apps keep UUIDs in globals and static constants; in Swift 6 mode that compiles only because `CBUUID` is `Sendable`.
let heartRateService = CBUUID(string: "180D")

@Suite("CBUUID", .timeLimit(.minutes(2)))
struct CBUUIDTests {
    static let heartRateMeasurement = CBUUID(string: "2A37")

    @Test("a CBUUID can be a global or static constant and be used from another task")
    func sendable() async {
        let measurement = await Task.detached { Self.heartRateMeasurement.uuidString }.value
        #expect(measurement == "2A37")
        #expect(heartRateService.description == "Heart Rate")
    }

    @Test(
        "uuidString keeps the form the UUID was made in, upper case",
        arguments: [
            ("180d", "180D"),
            ("0x180d", "180D"),
            ("0X2A37", "2A37"),
            ("0000180d", "0000180D"),
            ("12345678", "12345678"),
            ("0000180d-0000-1000-8000-00805f9b34fb", "0000180D-0000-1000-8000-00805F9B34FB"),
            ("0x7905f431-b5ce-4e99-a40f-4b1e122d00d0", "7905F431-B5CE-4E99-A40F-4B1E122D00D0"),
        ])
    func uuidStringForms(input: String, expected: String) {
        #expect(CBUUID(string: input).uuidString == expected)
    }

    @Test("data holds 2, 4 or 16 bytes, most significant first, by the form made in")
    func dataForms() {
        #expect(CBUUID(string: "180D").data == Data([0x18, 0x0D]))
        #expect(CBUUID(string: "12345678").data == Data([0x12, 0x34, 0x56, 0x78]))
        #expect(
            CBUUID(string: "0000180D-0000-1000-8000-00805F9B34FB").data
                == Data([
                    0x00, 0x00, 0x18, 0x0D, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0x80, 0x5F, 0x9B, 0x34, 0xFB,
                ]))
    }

    @Test(
        "init(data:) reads each length in the form it implies and round-trips through data",
        arguments: [
            "2A37", "ABCDEF01", "7905F431-B5CE-4E99-A40F-4B1E122D00D0", "0000180D-0000-1000-8000-00805F9B34FB",
        ])
    func dataRoundTrip(string: String) {
        let uuid = CBUUID(string: string)
        let copy = CBUUID(data: uuid.data)
        #expect(copy.uuidString == string)
        #expect(copy.data == uuid.data)
    }

    @Test("init(nsuuid:) gives the 128-bit form of the Foundation UUID")
    func fromFoundationUUID() throws {
        let foundation = try #require(UUID(uuidString: "7905F431-B5CE-4E99-A40F-4B1E122D00D0"))
        let uuid = CBUUID(nsuuid: foundation)
        #expect(uuid.uuidString == foundation.uuidString)
        #expect(uuid.data.count == 16)
        #expect(uuid == CBUUID(string: "7905f431-b5ce-4e99-a40f-4b1e122d00d0"))
    }

    @Test("16-, 32- and 128-bit forms of one value are equal and hash alike")
    func equalityAcrossForms() {
        let short = CBUUID(string: "180D")
        let medium = CBUUID(string: "0000180D")
        let long = CBUUID(string: "0000180D-0000-1000-8000-00805F9B34FB")
        #expect(short == long)
        #expect(short == medium)
        #expect(short.isEqual(long))
        #expect(short.hash == long.hash)
        #expect(short.hashValue == long.hashValue)
        #expect(Set([short, medium, long]).count == 1)
        let serviceData: [CBUUID: Data] = [long: Data([1])]
        #expect(serviceData[short] == Data([1]))
    }

    @Test("different values are unequal, and a CBUUID never equals another type")
    func inequality() {
        #expect(CBUUID(string: "180D") != CBUUID(string: "180F"))
        #expect(CBUUID(string: "180D") != CBUUID(string: "0001180D"))
        #expect(!CBUUID(string: "180D").isEqual("180D"))
        #expect(!CBUUID(string: "180D").isEqual(nil))
    }

    @Test("hash is the exclusive or of the 128-bit value's halves, as Apple's")
    func hashValue() {
        let uuid = CBUUID(string: "0000180D-0000-1000-8000-00805F9B34FB")
        #expect(uuid.hash == Int(truncatingIfNeeded: UInt64(0x0000_180D_0000_1000) ^ UInt64(0x8000_0080_5F9B_34FB)))
    }

    @Test("copy returns the same immutable instance")
    func copying() {
        let uuid = CBUUID(string: "180D")
        #expect(uuid.copy() as AnyObject === uuid)
    }

    @Test(
        "description gives Apple's name for known UUIDs",
        arguments: [
            ("180D", "Heart Rate"),
            ("0x2a19", "Battery Level"),
            ("2A01", "Appearence"),
            ("2902", "Client Characteristic Configuration"),
            ("7905F431-B5CE-4E99-A40F-4B1E122D00D0", "Apple Notification Center"),
            ("2BC6", "ASE Control Point"),
        ])
    func knownNames(string: String, name: String) {
        #expect(CBUUID(string: string).description == name)
        #expect("\(CBUUID(string: string))" == name)
    }

    @Test(
        "description falls back to uuidString, even where Apple's table has a key no uuidString matches",
        arguments: [
            "2A37", "1234", "0000180D-0000-1000-8000-00805F9B34FB", "9BD708D7-64C7-4E9F-9DED-F6B6C4551967",
        ])
    func unnamed(string: String) {
        #expect(CBUUID(string: string).description == string)
    }

    @Test("the host-stack UUID bridge keeps the value and the form both ways")
    func bluetoothUUIDBridge() {
        #expect(CBUUID(string: "180D").bluetoothUUID == BluetoothUUID(uuid16: 0x180D))
        #expect(CBUUID(string: "180D").bluetoothUUID.bitWidth == 16)
        #expect(CBUUID(string: "0000180D").bluetoothUUID.bitWidth == 32)
        #expect(CBUUID(BluetoothUUID(uuid16: 0x2A37)).uuidString == "2A37")
        #expect(CBUUID(BluetoothUUID(uuid32: 0x1234_5678)).uuidString == "12345678")
        #expect(
            CBUUID(BluetoothUUID(uuid128: 0x0000_180D_0000_1000_8000_0080_5F9B_34FB)).uuidString
                == "0000180D-0000-1000-8000-00805F9B34FB")
    }

    @Test(
        "strings of other lengths, without dashes or with non-hex digits stop the program",
        arguments: [
            "", "0x", "18D", "180D0", "7905F431B5CE4E99A40F4B1E122D00D0", "180G",
            "7905F431-B5CE-4E99-A40F-4B1E122D00DZ",
            "7905F431+B5CE-4E99-A40F-4B1E122D00D0",
        ])
    func invalidStrings(string: String) async {
        await #expect(processExitsWith: .failure) { [string] in
            _ = CBUUID(string: string)
        }
    }

    @Test("data of a length other than 2, 4 or 16 stops the program", arguments: [0, 1, 3, 8, 17])
    func invalidData(length: Int) async {
        await #expect(processExitsWith: .failure) { [length] in
            _ = CBUUID(data: Data(repeating: 0x18, count: length))
        }
    }
}
