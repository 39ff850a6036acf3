import HCI
import Testing

@testable import Host

@Suite("Advertising layout (CoreBluetooth peripheral manager, legacy and extended)", .timeLimit(.minutes(2)))
struct AdvertisingLayoutTests {
    static let generalDiscoverable: AdvertisingFlags = [.leGeneralDiscoverable, .brEdrNotSupported]

    static func nordicStyleUUID(_ last: UInt8) -> BluetoothUUID {
        BluetoothUUID(uuid128: 0x6E40_0000_B5A3_F393_E0A9_E50E_24DC_CA9E | UInt128(last) << 96)
    }

    static func nordicStyleWire(_ last: UInt8) -> [UInt8] {
        [UInt8](adHex: "9E CA DC 24 0E E5 A9 E0 93 F3 A3 B5") + [last, 0x00, 0x40, 0x6E]
    }

    @Test("flags, a service UUID and a short name all fit in the advertising packet")
    func heartRateSensor() throws {
        let content = AdvertisementContent(
            flags: Self.generalDiscoverable, localName: "HRM", serviceUUIDs: [BluetoothUUID(uuid16: 0x180D)]
        )
        let layout = try AdvertisingLayout.legacy(content)
        #expect(layout.advertisingData.encoded == [UInt8](adHex: "02 01 06 03 03 0D 18 04 09 48 52 4D"))
        #expect(layout.scanResponse.structures.isEmpty)
        #expect(layout.overflowServiceUUIDs.isEmpty)
    }

    @Test(
        "128-bit UUIDs that fit in neither packet are overflow, the lists are incomplete, and the name goes to the scan response"
    )
    func manyLongUUIDs() throws {
        let uuids = (1...4).map { Self.nordicStyleUUID($0) }
        let content = AdvertisementContent(
            flags: Self.generalDiscoverable, localName: "Thermometer", serviceUUIDs: uuids)
        let layout = try AdvertisingLayout.legacy(content)

        #expect(
            layout.advertisingData.structures == [
                .flags(Self.generalDiscoverable),
                ADStructure(type: .incompleteList128BitServiceUUIDs, data: Self.nordicStyleWire(1)),
            ])
        #expect(
            layout.scanResponse.structures == [
                .localName(LocalName("Thermometer")),
                ADStructure(type: .incompleteList128BitServiceUUIDs, data: Self.nordicStyleWire(2)),
            ])
        #expect(layout.advertisingData.encodedLength == 21)
        #expect(layout.scanResponse.encodedLength == 31)
        #expect(layout.overflowServiceUUIDs == Array(uuids[2...]))
    }

    @Test("a name too long for either packet is shortened to fill the scan response and marked shortened")
    func longNameShortened() throws {
        let name = "A very long peripheral name that will not fit"
        let content = AdvertisementContent(
            flags: Self.generalDiscoverable,
            localName: name,
            serviceUUIDs: [BluetoothUUID(uuid16: 0x180D), BluetoothUUID(uuid16: 0x180F)]
        )
        let layout = try AdvertisingLayout.legacy(content)
        #expect(layout.advertisingData.encoded == [UInt8](adHex: "02 01 06 05 03 0D 18 0F 18"))
        #expect(layout.scanResponse.localName == LocalName(String(name.prefix(29)), isComplete: false))
        #expect(layout.scanResponse.encodedLength == 31)
        #expect(layout.advertisingData.localName == nil)
    }

    @Test("a name that fits whole in the scan response is sent there complete")
    func nameMovedWhole() throws {
        let content = AdvertisementContent(
            flags: Self.generalDiscoverable, localName: "Kitchen thermometer", serviceUUIDs: [Self.nordicStyleUUID(1)]
        )
        let layout = try AdvertisingLayout.legacy(content)
        #expect(layout.advertisingData.serviceUUIDs == [Self.nordicStyleUUID(1)])
        #expect(layout.advertisingData.isServiceUUIDListComplete)
        #expect(layout.scanResponse.structures == [.localName(LocalName("Kitchen thermometer"))])
    }

    @Test("shortening keeps whole characters, never half of a multi-byte one")
    func shortenedOnCharacterBoundary() throws {
        let name = String(repeating: "é", count: 30)
        let layout = try AdvertisingLayout.legacy(
            AdvertisementContent(flags: Self.generalDiscoverable, localName: name))
        let shortened = try #require(layout.scanResponse.localName)
        #expect(shortened == LocalName(String(repeating: "é", count: 14), isComplete: false))
        #expect(layout.scanResponse.encodedLength == 30)
    }

    @Test("UUIDs of one size split across both packets are incomplete in both; a size that fits whole is complete")
    func splitAcrossPackets() throws {
        let short = [BluetoothUUID(uuid16: 0x180D)]
        let long = (1...2).map { Self.nordicStyleUUID($0) }
        let layout = try AdvertisingLayout.legacy(AdvertisementContent(serviceUUIDs: short + long))
        #expect(
            layout.advertisingData.structures.map(\.type) == [
                .completeList16BitServiceUUIDs, .incompleteList128BitServiceUUIDs,
            ])
        #expect(layout.scanResponse.structures.map(\.type) == [.incompleteList128BitServiceUUIDs])
        #expect(layout.advertisingData.serviceUUIDs + layout.scanResponse.serviceUUIDs == short + long)
        #expect(layout.overflowServiceUUIDs.isEmpty)
    }

    @Test("repeated service UUIDs are listed once")
    func duplicatesDropped() throws {
        let uuid = BluetoothUUID(uuid16: 0x180D)
        let layout = try AdvertisingLayout.legacy(AdvertisementContent(serviceUUIDs: [uuid, uuid, uuid]))
        #expect(layout.advertisingData.encoded == [UInt8](adHex: "03 03 0D 18"))
    }

    @Test("other data goes in the advertising packet when it fits, else in the scan response")
    func additionalData() throws {
        let manufacturer = [0x4C, 0x00] + [UInt8](repeating: 0xAB, count: 18)
        let content = AdvertisementContent(
            flags: Self.generalDiscoverable,
            localName: "HRM",
            serviceUUIDs: [BluetoothUUID(uuid16: 0x180D)],
            manufacturerData: manufacturer,
            serviceData: [BluetoothUUID(uuid16: 0x180F): [0x64]],
            txPowerLevel: -4,
            appearance: 0x0341,
            solicitedServiceUUIDs: [BluetoothUUID(uuid16: 0x1812)]
        )
        let layout = try AdvertisingLayout.legacy(content)
        #expect(
            layout.advertisingData.structures.map(\.type) == [
                .flags, .completeList16BitServiceUUIDs, .txPowerLevel, .appearance, .serviceData16BitUUID,
                .listOf16BitServiceSolicitationUUIDs, .completeLocalName,
            ])
        #expect(layout.scanResponse.structures == [.manufacturerData(manufacturer)])
        #expect(layout.advertisingData.encodedLength <= 31)
    }

    @Test("data that fits in neither packet is an error naming its AD type")
    func tooLarge() {
        let content = AdvertisementContent(manufacturerData: [UInt8](repeating: 0x01, count: 30))
        #expect(throws: AdvertisingLayoutError.doesNotFit(.manufacturerSpecificData)) {
            try AdvertisingLayout.legacy(content)
        }
        let oversized = AdvertisementContent(serviceData: [
            BluetoothUUID(uuid16: 0x180F): [UInt8](repeating: 0, count: 300)
        ])
        #expect(throws: AdvertisingLayoutError.doesNotFit(.serviceData16BitUUID)) {
            try AdvertisingLayout.extended(oversized, limit: 1650)
        }
    }

    @Test("flags are never moved to the scan response")
    func flagsStayInAdvertisingData() {
        let content = AdvertisementContent(flags: Self.generalDiscoverable)
        #expect(throws: AdvertisingLayoutError.doesNotFit(.flags)) {
            try AdvertisingLayout(laying: content, advertisingLimit: 2, scanResponseLimit: 31)
        }
    }

    @Test("an extended advertisement of 251 bytes holds everything in one packet, lists complete")
    func extended251() throws {
        let uuids = (1...10).map { Self.nordicStyleUUID($0) }
        let name = "A very long peripheral name that will not fit"
        let content = AdvertisementContent(flags: Self.generalDiscoverable, localName: name, serviceUUIDs: uuids)
        let layout = try AdvertisingLayout.extended(content, limit: 251)
        #expect(layout.advertisingData.serviceUUIDs == uuids)
        #expect(layout.advertisingData.isServiceUUIDListComplete)
        #expect(layout.advertisingData.localName == LocalName(name))
        #expect(layout.advertisingData.encodedLength == 3 + 2 + 160 + 2 + name.utf8.count)
        #expect(layout.scanResponse.structures.isEmpty)
        #expect(layout.overflowServiceUUIDs.isEmpty)
    }

    @Test("one list per UUID size holds at most 254 bytes, so extra 128-bit UUIDs overflow even in 1650 bytes")
    func extendedListCap() throws {
        let uuids = (1...20).map { Self.nordicStyleUUID($0) }
        let layout = try AdvertisingLayout.extended(AdvertisementContent(serviceUUIDs: uuids), limit: 1650)
        #expect(layout.advertisingData.structures.map(\.type) == [.incompleteList128BitServiceUUIDs])
        #expect(layout.advertisingData.serviceUUIDs == Array(uuids[..<15]))
        #expect(layout.overflowServiceUUIDs == Array(uuids[15...]))
    }
}
