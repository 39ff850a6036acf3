import HCI
import Host
import Testing

@Suite("Attribute database layout", .timeLimit(.minutes(2)))
struct AttributeDatabaseTests {
    typealias F = GATTFixtures

    @Test("services get consecutive handles from 0x0001: GAP, GATT, then the definitions in order")
    func serviceRanges() throws {
        let database = try F.database()
        let ranges = database.services.map { ($0.uuid, $0.isPrimary, $0.handles) }
        let expected: [(BluetoothUUID, Bool, ClosedRange<AttributeHandle>)] = [
            (.genericAccessService, true, F.handle(0x01)...F.handle(0x05)),
            (.genericAttributeService, true, F.handle(0x06)...F.handle(0x0D)),
            (F.heartRate, true, F.handle(0x0E)...F.handle(0x16)),
            (F.vendorService, true, F.handle(0x17)...F.handle(0x27)),
            (F.battery, false, F.handle(0x28)...F.handle(0x2B)),
        ]
        #expect(ranges.count == expected.count)
        for (actual, wanted) in zip(ranges, expected) {
            #expect(actual.0 == wanted.0)
            #expect(actual.1 == wanted.1)
            #expect(actual.2 == wanted.2)
        }
        #expect(database.attributes.map(\.handle.rawValue) == Array(1...0x2B))
        #expect(database.handleRange == F.handle(0x01)...F.handle(0x2B))
    }

    @Test("every attribute has the type the layout calls for")
    func attributeTypes() throws {
        let database = try F.database()
        let s = BluetoothUUID.primaryService
        let c = BluetoothUUID.characteristic
        let cccd = BluetoothUUID.clientCharacteristicConfiguration
        let ext = BluetoothUUID.characteristicExtendedProperties
        let user = BluetoothUUID.characteristicUserDescription
        let expected: [BluetoothUUID] = [
            s, c, .deviceName, c, .appearance,
            s, c, .serviceChanged, cccd, c, .clientSupportedFeatures, c, .databaseHash,
            s, .include, c, BluetoothUUID(uuid16: 0x2A37), cccd, c, BluetoothUUID(uuid16: 0x2A38), c,
            BluetoothUUID(uuid16: 0x2A39),
            s, c, F.echo, cccd, ext, user, c, F.long, c, F.secret, c, F.alert, cccd, c, F.notes, ext, user,
            .secondaryService, c, BluetoothUUID(uuid16: 0x2A19), cccd,
        ]
        #expect(database.attributes.map(\.type) == expected)
    }

    @Test("declaration values: service UUID, include with end handle and 16-bit UUID, characteristic properties")
    func declarationValues() throws {
        let database = try F.database()
        #expect(database[F.handle(0x0E)]?.value == .fixed([0x0D, 0x18]))
        #expect(database[F.handle(0x0E)]?.groupEndHandle == F.handle(0x16))
        #expect(database[F.handle(0x0F)]?.value == .fixed([0x28, 0x00, 0x2B, 0x00, 0x0F, 0x18]))
        #expect(database[F.handle(0x10)]?.value == .fixed([0x10, 0x11, 0x00, 0x37, 0x2A]))
        let vendor = ATTFixtures.bytes("B3 53 EE 62 5C 8C DF 98 61 4D 6D 92 01 00 B4 A0")
        #expect(database[F.handle(0x17)]?.value == .fixed(vendor))
        let echo = ATTFixtures.bytes("B3 53 EE 62 5C 8C DF 98 61 4D 6D 92 02 00 B4 A0")
        #expect(database[F.handle(0x18)]?.value == .fixed([0xBE, 0x19, 0x00] + echo))
        #expect(database[F.handle(0x21)]?.value.fixedPrefix == [0x20])
        #expect(database[F.handle(0x24)]?.value.fixedPrefix == [0x8A])
        #expect(database[F.handle(0x03)]?.value == .fixed(Array("GATT Test".utf8)))
        #expect(database[F.handle(0x05)]?.value == .fixed([0x41, 0x03]))
    }

    @Test("notify or indicate adds a CCCD; reliable write and a writable User Description add Extended Properties")
    func automaticDescriptors() throws {
        let database = try F.database()
        let echo = try #require(database.service(F.vendorService)?.characteristic(F.echo))
        #expect(echo.clientConfigurationHandle == F.handle(0x1A))
        #expect(
            echo.descriptors.map(\.uuid) == [
                .clientCharacteristicConfiguration, .characteristicExtendedProperties, .characteristicUserDescription,
            ])
        #expect(database[F.handle(0x1B)]?.value == .fixed([0x01, 0x00]))
        #expect(database[F.handle(0x26)]?.value == .fixed([0x02, 0x00]))
        let alert = try #require(database.characteristic(valueHandle: F.handle(0x22)))
        #expect(alert.properties.declarationOctet == 0x20)
        #expect(database[F.handle(0x23)]?.permissions == [.readable, .writeable, .writeEncryptionRequired])
        let location = try #require(database.characteristic(valueHandle: F.handle(0x14)))
        #expect(location.clientConfigurationHandle == nil)
        #expect(location.descriptors.isEmpty)
    }

    @Test("the GATT service's values are the server's own; other dynamic values are the application's")
    func valueSources() throws {
        let database = try F.database()
        #expect(database[F.handle(0x08)]?.value == .serviceChanged)
        #expect(
            database[F.handle(0x09)]?.value == .clientConfiguration(valueHandle: F.handle(0x08), allowed: .indication))
        #expect(database[F.handle(0x0B)]?.value == .clientSupportedFeatures)
        #expect(database[F.handle(0x0D)]?.value == .databaseHash)
        #expect(database[F.handle(0x11)]?.value == .application)
        #expect(
            database[F.handle(0x1A)]?.value
                == .clientConfiguration(
                    valueHandle: F.handle(0x19), allowed: [.notification, .indication]))
        #expect(database[F.handle(0x27)]?.value == .application)
    }

    @Test("a given start handle shifts every handle; an include of a 128-bit service carries no UUID")
    func startHandleAndLongInclude() throws {
        let database = try AttributeDatabase(
            services: [
                ServiceDefinition(uuid: BluetoothUUID(uuid16: 0x1234), includedServices: [.uuid(F.vendorService)]),
                ServiceDefinition(uuid: F.vendorService, isPrimary: false),
            ],
            startHandle: F.handle(0x0100))
        #expect(database.attributes.map(\.handle.rawValue) == [0x0100, 0x0101, 0x0102])
        #expect(database[F.handle(0x0101)]?.value == .fixed([0x02, 0x01, 0x02, 0x01]))
        #expect(database.services[0].includedServices == [F.handle(0x0102)])
    }

    @Test("the device name is cut to whole characters within 248 bytes")
    func longDeviceName() throws {
        let database = try AttributeDatabase(deviceName: String(repeating: "é", count: 200), services: [])
        #expect(database[F.handle(0x03)]?.value == .fixed(Array(String(repeating: "é", count: 124).utf8)))
    }

    @Test("lookups: by handle, by range, by value handle and by containing handle")
    func lookups() throws {
        let database = try F.database()
        #expect(database[.invalid] == nil)
        #expect(database[F.handle(0x2C)] == nil)
        #expect(database.attributes(in: F.handle(0x10)...F.handle(0x12)).map(\.handle.rawValue) == [0x10, 0x11, 0x12])
        #expect(database.attributes(in: F.handle(0x2B)...AttributeHandle.max).map(\.handle.rawValue) == [0x2B])
        #expect(database.attributes(in: F.handle(0x2C)...AttributeHandle.max).isEmpty)
        #expect(database.characteristic(containing: F.handle(0x1C))?.uuid == F.echo)
        #expect(database.characteristic(valueHandle: F.handle(0x1C)) == nil)
        #expect(database.service(containing: F.handle(0x2A))?.uuid == F.battery)
    }

    @Test("a service added later goes after the last handle; removing one leaves a gap")
    func addAndRemove() throws {
        var database = try F.database()
        let added = try database.add(
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0x1809), includedServices: [.id("battery")],
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A1C), properties: .indicate, permissions: [])
                ]))
        #expect(added.handles == F.handle(0x2C)...F.handle(0x30))
        #expect(database[F.handle(0x2D)]?.value == .fixed([0x28, 0x00, 0x2B, 0x00, 0x0F, 0x18]))
        let removed = try database.removeService(at: F.handle(0x0E))
        #expect(removed?.uuid == F.heartRate)
        #expect(database[F.handle(0x0E)] == nil)
        #expect(database[F.handle(0x17)]?.type == .primaryService)
        #expect(try database.removeService(at: F.handle(0x0E)) == nil)
        #expect(throws: AttributeDatabaseError.serviceIsIncluded(F.battery)) {
            try database.removeService(at: F.handle(0x28))
        }
        let again = try database.add(ServiceDefinition(uuid: BluetoothUUID(uuid16: 0x1810)))
        #expect(again.handles == F.handle(0x31)...F.handle(0x31))
    }

    @Test("definitions that cannot be laid out are refused with the reason")
    func refusedDefinitions() {
        let service = BluetoothUUID(uuid16: 0x1234)
        let characteristic = BluetoothUUID(uuid16: 0x2A00)
        #expect(throws: AttributeDatabaseError.unknownIncludedService(.id("missing"))) {
            try AttributeDatabase(services: [ServiceDefinition(uuid: service, includedServices: [.id("missing")])])
        }
        #expect(throws: AttributeDatabaseError.circularInclude(service)) {
            try AttributeDatabase(services: [
                ServiceDefinition(id: "a", uuid: service, includedServices: [.id("b")]),
                ServiceDefinition(id: "b", uuid: BluetoothUUID(uuid16: 0x5678), includedServices: [.id("a")]),
            ])
        }
        #expect(throws: AttributeDatabaseError.circularInclude(service)) {
            try AttributeDatabase(services: [ServiceDefinition(id: "a", uuid: service, includedServices: [.id("a")])])
        }
        #expect(throws: AttributeDatabaseError.duplicateServiceID("a")) {
            try AttributeDatabase(services: [
                ServiceDefinition(id: "a", uuid: service), ServiceDefinition(id: "a", uuid: service),
            ])
        }
        let cases: [(CharacteristicDefinition, AttributeDatabaseError)] = [
            (
                CharacteristicDefinition(
                    uuid: characteristic, properties: [.read, .write], permissions: [.readable, .writeable],
                    value: .static([1])),
                .staticValueNotReadOnly(characteristic)
            ),
            (
                CharacteristicDefinition(
                    uuid: characteristic, properties: [.read, .notify], permissions: .readable, value: .static([1])),
                .staticValueNotReadOnly(characteristic)
            ),
            (
                CharacteristicDefinition(
                    uuid: characteristic, properties: .read, permissions: .readable,
                    value: .static([UInt8](repeating: 0, count: 513))),
                .valueTooLong(characteristic)
            ),
            (
                CharacteristicDefinition(
                    uuid: characteristic, properties: .notify, permissions: [],
                    descriptors: [
                        DescriptorDefinition(uuid: .clientCharacteristicConfiguration, value: .static([0, 0]))
                    ]),
                .reservedDescriptor(.clientCharacteristicConfiguration)
            ),
            (
                CharacteristicDefinition(
                    uuid: characteristic, properties: .read, permissions: .readable,
                    descriptors: [
                        DescriptorDefinition(
                            uuid: .characteristicUserDescription, permissions: .writeable, value: .static([0x41]))
                    ]),
                .staticValueNotReadOnly(.characteristicUserDescription)
            ),
        ]
        for (definition, error) in cases {
            #expect(throws: error) {
                try AttributeDatabase(services: [ServiceDefinition(uuid: service, characteristics: [definition])])
            }
        }
    }

    @Test("attributes past handle 0xFFFF are refused, both at build time and when adding")
    func handleSpace() throws {
        let big = ServiceDefinition(
            uuid: BluetoothUUID(uuid16: 0x1234),
            characteristics: Array(
                repeating: CharacteristicDefinition(
                    uuid: BluetoothUUID(uuid16: 0x2A00), properties: .read, permissions: .readable),
                count: 0x7FFF))
        var database = try AttributeDatabase(services: [big])
        #expect(database.handleRange == F.handle(0x0001)...F.handle(0xFFFF))
        #expect(throws: AttributeDatabaseError.handleSpaceExhausted) {
            try database.add(ServiceDefinition(uuid: BluetoothUUID(uuid16: 0x1235)))
        }
        #expect(throws: AttributeDatabaseError.handleSpaceExhausted) {
            try AttributeDatabase(services: [big], startHandle: F.handle(0x0002))
        }
    }
}

extension Attribute.Value {
    /// The first byte of a fixed value, for checking declaration properties.
    var fixedPrefix: [UInt8]? {
        guard case .fixed(let bytes) = self else { return nil }
        return Array(bytes.prefix(1))
    }
}
