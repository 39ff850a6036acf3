import HCI
import Testing

@testable import Host

@Suite("Advertising data under random input", .timeLimit(.minutes(2)))
struct AdvertisingDataFuzzTests {
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let seeds: [[UInt8]] = [
        [UInt8](adHex: "02 01 06 03 03 0D 18 04 09 48 52 4D"),
        [UInt8](
            adHex:
                "11 07 9E CA DC 24 0E E5 A9 E0 93 F3 A3 B5 01 00 40 6E 13 21 9E CA DC 24 0E E5 A9 E0 93 F3 A3 B5 01 00 40 6E 01 02"
        ),
        [UInt8](adHex: "02 0A F8 03 19 41 03 05 FF 4C 00 01 02 08 1B 66 55 44 33 22 11 01 02 1C 02 05 1F 78 56 34 12"),
    ]

    private static func readEveryField(_ data: AdvertisingData) {
        _ = data.flags
        _ = data.localName
        _ = data.serviceUUIDs
        _ = data.isServiceUUIDListComplete
        _ = data.solicitedServiceUUIDs
        _ = data.serviceData
        _ = data.manufacturerData
        _ = data.companyIdentifier
        _ = data.txPowerLevel
        _ = data.appearance
        _ = data.leDeviceAddress
        _ = data.leRole
    }

    @Test("random and mutated bytes either throw or decode to data that re-encodes and decodes to itself")
    func decodeNeverTraps() throws {
        var random = SplitMix64(state: 0x00AD_C0DE)
        var decodedCount = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 2) {
                bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = Self.seeds[Int.random(in: 0..<Self.seeds.count, using: &random)]
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            guard let data = try? AdvertisingData(decoding: bytes) else { continue }
            decodedCount += 1
            Self.readEveryField(data)
            #expect(try AdvertisingData(decoding: data.encoded) == data)
            #expect(data.encodedLength <= bytes.count)
        }
        #expect(decodedCount > 1_000)
    }

    @Test("random content lays out within the limits and every service UUID is placed or reported as overflow")
    func layoutKeepsItsPromises() throws {
        var random = SplitMix64(state: 0x5EED)
        for _ in 0..<2_000 {
            let uuids = (0..<Int.random(in: 0...8, using: &random)).map { _ -> BluetoothUUID in
                switch Int.random(in: 0..<3, using: &random) {
                case 0: BluetoothUUID(uuid16: UInt16.random(in: 0...0xFFFF, using: &random))
                case 1: BluetoothUUID(uuid32: UInt32.random(in: 0x1_0000...UInt32.max, using: &random))
                default: BluetoothUUID(uuid128: UInt128.random(in: 0...UInt128.max, using: &random))
                }
            }
            let name =
                Bool.random(using: &random)
                ? String(
                    (0..<Int.random(in: 0...40, using: &random)).map { _ in "aé€😀".randomElement(using: &random) ?? "a"
                    })
                : nil
            let content = AdvertisementContent(
                flags: Bool.random(using: &random) ? [.leGeneralDiscoverable, .brEdrNotSupported] : nil,
                localName: name,
                serviceUUIDs: uuids,
                txPowerLevel: Bool.random(using: &random) ? -8 : nil
            )
            let layout = try AdvertisingLayout.legacy(content)
            #expect(layout.advertisingData.encodedLength <= 31)
            #expect(layout.scanResponse.encodedLength <= 31)
            #expect(layout.scanResponse.flags == nil)

            let combined = AdvertisingData(layout.advertisingData.structures + layout.scanResponse.structures)
            var seen: Set<BluetoothUUID> = []
            let expected = uuids.filter { seen.insert($0).inserted }
            #expect(Set(combined.serviceUUIDs + layout.overflowServiceUUIDs) == Set(expected))
            #expect(combined.serviceUUIDs.count + layout.overflowServiceUUIDs.count == expected.count)
            let lists = combined.structures.compactMap { structure in
                ADUUIDWidth.serviceUUIDList(structure.type).map {
                    (count: structure.data.count / $0.width.byteCount, width: $0.width)
                }
            }
            let everyListWhole = lists.allSatisfy { list in
                list.count == expected.count { ADUUIDWidth(of: $0) == list.width }
            }
            #expect(combined.isServiceUUIDListComplete == (!lists.isEmpty && everyListWhole))
            if let name, let advertised = combined.localName {
                #expect(advertised.isComplete ? advertised.name == name : name.hasPrefix(advertised.name))
            }
            #expect(try AdvertisingData(decoding: layout.advertisingData.encoded) == layout.advertisingData)
        }
    }
}
