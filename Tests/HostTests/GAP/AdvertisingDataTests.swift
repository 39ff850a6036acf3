import HCI
import Testing

@testable import Host

@Suite("Advertising data codec (Core Specification Supplement, Part A)", .timeLimit(.minutes(2)))
struct AdvertisingDataTests {
    static let nordicUART = BluetoothUUID(uuid128: 0x6E40_0001_B5A3_F393_E0A9_E50E_24DC_CA9E)
    static let nordicUARTWire = "9E CA DC 24 0E E5 A9 E0 93 F3 A3 B5 01 00 40 6E"

    struct Vector: Sendable, CustomTestStringConvertible {
        let hex: String
        let structure: ADStructure
        var testDescription: String { structure.type.description }
    }

    static let vectors: [Vector] = [
        Vector(hex: "02 01 05", structure: .flags([.leLimitedDiscoverable, .brEdrNotSupported])),
        Vector(
            hex: "05 02 0F 18 0A 18",
            structure: .serviceUUIDs([.init(uuid16: 0x180F), .init(uuid16: 0x180A)], isComplete: false)[0]),
        Vector(hex: "03 03 0D 18", structure: .serviceUUIDs([.init(uuid16: 0x180D)], isComplete: true)[0]),
        Vector(hex: "05 04 78 56 34 12", structure: .serviceUUIDs([.init(uuid32: 0x1234_5678)], isComplete: false)[0]),
        Vector(hex: "05 05 78 56 34 12", structure: .serviceUUIDs([.init(uuid32: 0x1234_5678)], isComplete: true)[0]),
        Vector(hex: "11 06 " + nordicUARTWire, structure: .serviceUUIDs([nordicUART], isComplete: false)[0]),
        Vector(hex: "11 07 " + nordicUARTWire, structure: .serviceUUIDs([nordicUART], isComplete: true)[0]),
        Vector(hex: "06 08 54 68 65 72 6D", structure: .localName(LocalName("Therm", isComplete: false))),
        Vector(hex: "04 09 48 52 4D", structure: .localName(LocalName("HRM"))),
        Vector(hex: "02 0A F8", structure: .txPowerLevel(-8)),
        Vector(hex: "03 14 12 18", structure: .solicitedServiceUUIDs([.init(uuid16: 0x1812)])[0]),
        Vector(hex: "11 15 " + nordicUARTWire, structure: .solicitedServiceUUIDs([nordicUART])[0]),
        Vector(hex: "04 16 0F 18 64", structure: .serviceData(.init(uuid16: 0x180F), [0x64])),
        Vector(hex: "03 19 41 03", structure: .appearance(0x0341)),
        Vector(
            hex: "08 1B 66 55 44 33 22 11 01",
            structure: .leDeviceAddress(
                LEDeviceAddress(address: BluetoothAddress(rawValue: 0x1122_3344_5566), isRandom: true))
        ),
        Vector(hex: "02 1C 02", structure: .leRole(.peripheralPreferred)),
        Vector(hex: "05 1F 78 56 34 12", structure: .solicitedServiceUUIDs([.init(uuid32: 0x1234_5678)])[0]),
        Vector(hex: "06 20 78 56 34 12 AA", structure: .serviceData(.init(uuid32: 0x1234_5678), [0xAA])),
        Vector(hex: "13 21 " + nordicUARTWire + " 01 02", structure: .serviceData(nordicUART, [0x01, 0x02])),
        Vector(hex: "05 FF 4C 00 01 02", structure: .manufacturerData(companyIdentifier: 0x004C, data: [0x01, 0x02])),
        Vector(hex: "03 2A 01 02", structure: ADStructure(type: ADType(rawValue: 0x2A), data: [0x01, 0x02])),
    ]

    @Test("every AD type decodes from spec-shaped hex and encodes back to the same bytes", arguments: vectors)
    func roundTrip(vector: Vector) throws {
        let bytes = [UInt8](adHex: vector.hex)
        let decoded = try AdvertisingData(decoding: bytes)
        #expect(decoded.structures == [vector.structure])
        #expect(decoded.encoded == bytes)
        #expect(decoded.encodedLength == bytes.count)
    }

    @Test("a heart-rate sensor's advertisement decodes into flags, the 0x180D service and its complete name")
    func heartRateSample() throws {
        let bytes = [UInt8](adHex: "02 01 06 03 03 0D 18 04 09 48 52 4D")
        let data = try AdvertisingData(decoding: bytes)
        #expect(data.flags == [.leGeneralDiscoverable, .brEdrNotSupported])
        #expect(data.serviceUUIDs == [BluetoothUUID(uuid16: 0x180D)])
        #expect(data.isServiceUUIDListComplete)
        #expect(data.localName == LocalName("HRM", isComplete: true))
        #expect(data.encoded == bytes)
    }

    @Test("the typed view reads each common data type")
    func typedView() throws {
        let bytes = [UInt8](
            adHex: """
                02 0A F8  03 19 41 03  05 FF 4C 00 01 02  04 16 0F 18 64  06 20 78 56 34 12 AA
                03 14 12 18  05 1F 78 56 34 12  08 1B 66 55 44 33 22 11 00  02 1C 01
                """)
        let data = try AdvertisingData(decoding: bytes)
        #expect(data.txPowerLevel == -8)
        #expect(data.appearance == 0x0341)
        #expect(data.manufacturerData == [0x4C, 0x00, 0x01, 0x02])
        #expect(data.companyIdentifier == 0x004C)
        #expect(
            data.serviceData == [BluetoothUUID(uuid16: 0x180F): [0x64], BluetoothUUID(uuid32: 0x1234_5678): [0xAA]])
        #expect(data.solicitedServiceUUIDs == [BluetoothUUID(uuid16: 0x1812), BluetoothUUID(uuid32: 0x1234_5678)])
        #expect(
            data.leDeviceAddress
                == LEDeviceAddress(address: BluetoothAddress(rawValue: 0x1122_3344_5566), isRandom: false))
        #expect(data.leRole == .centralOnly)
        #expect(data.flags == nil)
        #expect(data.localName == nil)
        #expect(data.serviceUUIDs.isEmpty)
        #expect(!data.isServiceUUIDListComplete)
    }

    @Test("service UUID lists of every size merge in wire order, without repeats, complete only if every list is")
    func mergedServiceUUIDs() throws {
        let data = try AdvertisingData(
            decoding: [UInt8](
                adHex: """
                    05 03 0D 18 0F 18  05 04 78 56 34 12  11 07 \(Self.nordicUARTWire)  03 02 0D 18
                    """))
        #expect(
            data.serviceUUIDs == [
                .init(uuid16: 0x180D), .init(uuid16: 0x180F), .init(uuid32: 0x1234_5678), Self.nordicUART,
            ])
        #expect(!data.isServiceUUIDListComplete)
    }

    @Test("a complete local name wins over a shortened one, as when advertising and scan response data are combined")
    func completeNameWins() throws {
        let data = try AdvertisingData(decoding: [UInt8](adHex: "03 08 48 52  04 09 48 52 4D"))
        #expect(data.localName == LocalName("HRM", isComplete: true))
    }

    @Test("a name that is not valid UTF-8 decodes with replacement characters")
    func lossyName() throws {
        let data = try AdvertisingData(decoding: [UInt8](adHex: "05 09 48 FF C3 49"))
        #expect(data.localName == LocalName("H\u{FFFD}\u{FFFD}I", isComplete: true))
    }

    @Test("malformed typed structures read as absent, and partial UUIDs and short service data are skipped")
    func lenientTypedView() throws {
        let data = try AdvertisingData(
            decoding: [UInt8](
                adHex: """
                    03 0A F8 00  02 19 41  04 03 0D 18 0F  02 16 0F  07 1B 66 55 44 33 22 11  01 1C  02 FF 4C  01 01
                    """))
        #expect(data.txPowerLevel == nil)
        #expect(data.appearance == nil)
        #expect(data.serviceUUIDs == [.init(uuid16: 0x180D)])
        #expect(data.serviceData.isEmpty)
        #expect(data.leDeviceAddress == nil)
        #expect(data.leRole == nil)
        #expect(data.manufacturerData == [0x4C])
        #expect(data.companyIdentifier == nil)
        #expect(data.flags == [])
    }

    @Test("a length running past the end of the data is rejected")
    func overlongLength() {
        #expect(throws: DecodeError.lengthMismatch(field: "AD structure", declared: 5, actual: 2)) {
            try AdvertisingData(decoding: [UInt8](adHex: "02 01 06 05 01 06"))
        }
    }

    @Test("every cut inside a structure is rejected, every cut between structures decodes")
    func truncationSweep() throws {
        let bytes = [UInt8](adHex: "02 01 06 03 03 0D 18 04 09 48 52 4D")
        let boundaries: [Int: Int] = [0: 0, 3: 1, 7: 2]
        for count in 0..<bytes.count {
            if let structures = boundaries[count] {
                let data = try AdvertisingData(decoding: bytes[..<count])
                #expect(data.structures.count == structures)
            } else {
                #expect(throws: DecodeError.self) { try AdvertisingData(decoding: bytes[..<count]) }
            }
        }
    }

    @Test("a zero length ends the significant part; the padding after it is ignored")
    func zeroLengthTerminator() throws {
        let padded = try AdvertisingData(decoding: [UInt8](adHex: "02 01 06 00 00 00 00 00"))
        #expect(padded.structures == [.flags([.leGeneralDiscoverable, .brEdrNotSupported])])
        let junkAfter = try AdvertisingData(decoding: [UInt8](adHex: "02 01 06 00 09 FF 4C"))
        #expect(junkAfter.structures.count == 1)
        let empty = try AdvertisingData(decoding: [UInt8](repeating: 0, count: 31))
        #expect(empty.structures.isEmpty)
    }

    @Test("a single AD structure with zero length is rejected")
    func zeroLengthStructure() {
        #expect(throws: DecodeError.invalidValue(field: "AD structure length", raw: 0)) {
            try ADStructure(decoding: [0x00])
        }
    }

    @Test("UUIDs are sent in their shortest form, so a base-derived 128-bit UUID goes out as 16 bits")
    func shortestForm() {
        let baseDerived = BluetoothUUID(uuid128: 0x0000_180D_0000_1000_8000_0080_5F9B_34FB)
        let structures = ADStructure.serviceUUIDs([baseDerived, Self.nordicUART], isComplete: true)
        #expect(structures.map(\.type) == [.completeList16BitServiceUUIDs, .completeList128BitServiceUUIDs])
        #expect(structures.first?.data == [0x0D, 0x18])
    }
}
