import HCI
import Host
import HostTestSupport
import Testing

@Suite("GATT caching and Service Changed through the host", .timeLimit(.minutes(2)))
struct HostCachingTests {
    @Test("a reconnecting client whose cache matches the Database Hash skips discovery: one round trip")
    func cacheSkipsDiscovery() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        let (database, _) = try await pair.central.discoverDatabase(on: link.handle)
        try await pair.central.disconnect(link.handle)

        let again = try await pair.connect().central
        pair.counter.reset()
        let (cached, fromCache) = try await pair.central.discoverDatabase(on: again.handle, cache: database)
        #expect(fromCache)
        #expect(cached == database)
        #expect(pair.counter.byOpcode == [.readByTypeRequest: 1])
        await pair.stop()
    }

    @Test(
        "a changed database is rediscovered on reconnection, and Service Changed tells a connected client which range changed"
    )
    func serviceChanged() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        let (before, _) = try await pair.central.discoverDatabase(on: link.handle)
        let gattService = try #require(before.services.first { $0.service.uuid == .genericAttributeService })
        let serviceChanged = try #require(
            gattService.characteristics?.first { $0.characteristic.uuid == .serviceChanged })
        try await pair.central.configureUpdates(.indication, of: serviceChanged.characteristic, on: link.handle)

        let added = try await pair.peripheral.addService(
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0x181A),
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A6E), properties: .read, permissions: .readable,
                        value: .static([0x10, 0x09]))
                ]))
        let range = try await pair.centralEvents.next { event -> ClosedRange<AttributeHandle>? in
            guard case .servicesChanged(link.handle, let range, _) = event else { return nil }
            return range
        }
        #expect(range == added.handles)

        let (after, fromCache) = try await pair.central.discoverDatabase(on: link.handle, cache: before)
        #expect(!fromCache)
        #expect(after.databaseHash != before.databaseHash)
        #expect(after.services.last?.service.uuid == BluetoothUUID(uuid16: 0x181A))
        await pair.stop()
    }
}
