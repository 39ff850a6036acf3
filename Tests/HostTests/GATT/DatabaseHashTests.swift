import HCI
import Host
import Testing

@Suite("Database Hash", .timeLimit(.minutes(2)))
struct DatabaseHashTests {
    typealias F = GATTFixtures

    /// The example database of Vol 3, Part G, Appendix B: GAP, GATT, Glucose including a secondary Battery service.
    static func specExample() throws -> AttributeDatabase {
        try AttributeDatabase(services: [
            ServiceDefinition(
                uuid: .genericAccessService,
                characteristics: [
                    CharacteristicDefinition(
                        uuid: .deviceName, properties: [.read, .write], permissions: [.readable, .writeable]),
                    CharacteristicDefinition(
                        uuid: .appearance, properties: .read, permissions: .readable, value: .static([0, 0])),
                ]),
            .genericAttribute,
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0x1808), includedServices: [.uuid(BluetoothUUID(uuid16: 0x180F))],
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A18), properties: [.read, .indicate, .extendedProperties],
                        permissions: .readable)
                ]),
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0x180F), isPrimary: false,
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A19), properties: .read, permissions: .readable)
                ]),
        ])
    }

    @Test("the spec's example database hashes to F1CA2D48ECF58BAC8A8830BBB9FBA990 (Vol 3, Part G, Appendix B)")
    func specExampleHash() throws {
        let database = try Self.specExample()
        #expect(database.handleRange == F.handle(0x0001)...F.handle(0x0016))
        #expect(database[F.handle(0x000F)]?.value == .fixed([0x14, 0x00, 0x16, 0x00, 0x0F, 0x18]))
        #expect(database[F.handle(0x0013)]?.type == .characteristicExtendedProperties)
        #expect(database.hash == 0xF1CA_2D48_ECF5_8BAC_8A88_30BB_B9FB_A990)
    }

    @Test("the Database Hash characteristic reads as the hash, least significant octet first")
    func readHashCharacteristic() throws {
        var server = GATTServer(database: try Self.specExample())
        let response = server.response(to: .readRequest(ATTReadRequest(handle: F.handle(0x000D))))
        #expect(
            response == .readResponse(ATTReadResponse(value: ATTFixtures.bytes("90A9FBB9BB30888AAC8BF5EC482DCAF1"))))
    }

    @Test("the hash covers declarations and descriptor types but not values of characteristics or descriptors")
    func whatTheHashCovers() throws {
        func database(name: String, description: String?) throws -> AttributeDatabase {
            let descriptors = description.map { [DescriptorDefinition.userDescription($0)] } ?? []
            let characteristic = CharacteristicDefinition(
                uuid: BluetoothUUID(uuid16: 0x2A1C), properties: .read, permissions: .readable, descriptors: descriptors
            )
            return try AttributeDatabase(
                deviceName: name,
                services: [ServiceDefinition(uuid: BluetoothUUID(uuid16: 0x1809), characteristics: [characteristic])])
        }
        let base = try database(name: "one", description: "first").hash
        #expect(try database(name: "another name", description: "second").hash == base)
        #expect(try database(name: "one", description: nil).hash != base)
        var grown = try database(name: "one", description: "first")
        try grown.add(ServiceDefinition(uuid: BluetoothUUID(uuid16: 0x180A)))
        #expect(grown.hash != base)
    }
}
