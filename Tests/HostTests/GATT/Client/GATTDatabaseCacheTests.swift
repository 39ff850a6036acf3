import Foundation
import Host
import Testing

@Suite("GATT client database cache", .timeLimit(.minutes(2)))
struct GATTDatabaseCacheTests {
    private func h(_ raw: UInt16) -> AttributeHandle { GATTClientPDU.h(raw) }

    static let vendor = BluetoothUUID(uuid128: 0x6E40_0001_B5A3_F393_E0A9_E50E_24DC_CA9E)

    private func service(_ uuid: UInt16, _ start: UInt16, _ end: UInt16) -> DiscoveredService {
        DiscoveredService(uuid: BluetoothUUID(uuid16: uuid), handleRange: h(start)...h(end))
    }

    private func sampleCache() -> GATTDatabaseCache {
        let gap = service(0x1800, 0x0001, 0x0005)
        let heartRate = service(0x180D, 0x0006, 0x000D)
        let vendor = DiscoveredService(uuid: Self.vendor, handleRange: h(0x000E)...h(0x0020), isPrimary: false)
        var cache = GATTDatabaseCache(services: [heartRate, gap, vendor], databaseHash: Array(0..<16))
        let measurement = DiscoveredCharacteristic(
            uuid: BluetoothUUID(uuid16: 0x2A37), declarationHandle: h(0x0007), valueHandle: h(0x0008), properties: 0x10,
            endHandle: h(0x0009))
        let location = DiscoveredCharacteristic(
            uuid: BluetoothUUID(uuid16: 0x2A38), declarationHandle: h(0x000A), valueHandle: h(0x000B), properties: 0x02,
            endHandle: h(0x000D))
        cache.record(characteristics: [measurement, location], in: heartRate)
        cache.record(
            descriptors: [DiscoveredDescriptor(uuid: BluetoothUUID(uuid16: 0x2902), handle: h(0x0009))],
            for: measurement)
        cache.record(
            includedServices: [
                DiscoveredIncludedService(
                    declarationHandle: h(0x0007), uuid: Self.vendor, handleRange: h(0x000E)...h(0x0020))
            ],
            in: heartRate)
        return cache
    }

    @Test("services are kept in handle order with what was discovered inside them")
    func contents() throws {
        let cache = sampleCache()
        #expect(cache.services.map(\.service.handleRange.lowerBound) == [h(0x0001), h(0x0006), h(0x000E)])
        let heartRate = try #require(cache.service(containing: h(0x000B)))
        #expect(heartRate.service.uuid == BluetoothUUID(uuid16: 0x180D))
        #expect(heartRate.characteristics?.count == 2)
        #expect(heartRate.characteristics?.first?.descriptors?.first?.isClientCharacteristicConfiguration == true)
        #expect(heartRate.characteristics?.last?.descriptors == nil)
        #expect(heartRate.includedServices?.first?.uuid == Self.vendor)
        #expect(cache.services.first?.characteristics == nil)
    }

    @Test("the cache round-trips through JSON, hash and all")
    func jsonRoundTrip() throws {
        let cache = sampleCache()
        let data = try JSONEncoder().encode(cache)
        #expect(try JSONDecoder().decode(GATTDatabaseCache.self, from: data) == cache)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"databaseHash\":\"000102030405060708090a0b0c0d0e0f\""))
        #expect(text.contains("\"uuid\":\"6E400001-B5A3-F393-E0A9-E50E24DCCA9E\""))
        #expect(text.contains("\"uuid\":\"180D\""))
    }

    @Test("a cache without a hash or contents round-trips through JSON")
    func emptyRoundTrip() throws {
        let cache = GATTDatabaseCache()
        let data = try JSONEncoder().encode(cache)
        #expect(try JSONDecoder().decode(GATTDatabaseCache.self, from: data) == cache)
    }

    @Test(
        "JSON that could not come from discovery is rejected, not trusted",
        arguments: [
            #"{"version":2,"services":[]}"#,
            #"{"version":1,"services":[{"service":{"uuid":"180D","startHandle":9,"endHandle":5,"isPrimary":true}}]}"#,
            #"{"version":1,"services":[{"service":{"uuid":"xyz","startHandle":1,"endHandle":5,"isPrimary":true}}]}"#,
            #"{"version":1,"services":[{"service":{"uuid":"180D","startHandle":0,"endHandle":5,"isPrimary":true}}]}"#,
            #"{"version":1,"databaseHash":"0g","services":[]}"#,
            #"{"version":1,"services":[{"service":{"uuid":"180D","startHandle":1,"endHandle":5,"isPrimary":true}},{"service":{"uuid":"180F","startHandle":5,"endHandle":9,"isPrimary":true}}]}"#,
            #"{"version":1,"services":[{"service":{"uuid":"180D","startHandle":1,"endHandle":9,"isPrimary":true},"characteristics":[{"characteristic":{"uuid":"2A37","declarationHandle":3,"valueHandle":3,"properties":2,"endHandle":4}}]}]}"#,
        ])
    func rejectsCorruptJSON(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GATTDatabaseCache.self, from: Data(json.utf8)) }
    }

    @Test("Service Changed invalidation forgets the overlapping services and the hash, and reports them")
    func invalidate() {
        var cache = sampleCache()
        let removed = cache.invalidate(range: h(0x000C)...h(0x0010))
        #expect(removed.map(\.uuid) == [BluetoothUUID(uuid16: 0x180D), Self.vendor])
        #expect(cache.services.map(\.service.uuid) == [BluetoothUUID(uuid16: 0x1800)])
        #expect(cache.databaseHash == nil)
    }

    @Test("invalidating a range that touches no service removes nothing but the hash")
    func invalidateNothing() {
        var cache = sampleCache()
        let removed = cache.invalidate(range: h(0x0021)...h(0xFFFF))
        #expect(removed.isEmpty)
        #expect(cache.services.count == 3)
        #expect(cache.databaseHash == nil)
    }

    @Test("invalidating the whole database empties the cache")
    func invalidateAll() {
        var cache = sampleCache()
        let removed = cache.invalidate(range: .min ... .max)
        #expect(removed.count == 3)
        #expect(cache.services.isEmpty)
    }

    @Test("a rediscovered service replaces the cached ones it overlaps; an identical one keeps its contents")
    func recordReplaces() throws {
        var cache = sampleCache()
        cache.record(services: [service(0x180D, 0x0006, 0x000D)])
        #expect(try #require(cache.service(containing: h(0x0006))).characteristics?.count == 2)
        cache.record(services: [service(0x181C, 0x0004, 0x0008)])
        #expect(cache.services.map(\.service.uuid) == [BluetoothUUID(uuid16: 0x181C), Self.vendor])
        #expect(cache.service(containing: h(0x0004))?.characteristics == nil)
    }

    @Test("contents recorded for a service or characteristic the cache does not hold are refused")
    func recordUnknown() {
        var cache = sampleCache()
        let recordedCharacteristics = cache.record(characteristics: [], in: service(0x1801, 0x0030, 0x0040))
        #expect(!recordedCharacteristics)
        let stranger = DiscoveredCharacteristic(
            uuid: BluetoothUUID(uuid16: 0x2A00), declarationHandle: h(0x0002), valueHandle: h(0x0003), properties: 0x02,
            endHandle: h(0x0005))
        let recordedDescriptors = cache.record(descriptors: [], for: stranger)
        #expect(!recordedDescriptors)
        #expect(cache == sampleCache())
    }
}
