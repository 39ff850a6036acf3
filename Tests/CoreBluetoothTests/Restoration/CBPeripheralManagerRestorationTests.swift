import CoreBluetooth
import Foundation
import Testing

@Suite("CBPeripheralManager state restoration", .serialized, .timeLimit(.minutes(1)))
struct CBPeripheralManagerRestorationTests {
    static let battery = CBUUID(string: "180F")
    static let level = CBUUID(string: "2A19")
    static let cached = CBUUID(string: "FFF1")
    static let dynamic = CBUUID(string: "FFF2")
    static let writable = CBUUID(string: "FFF3")
    static let cachedValue = Data("cached".utf8)
    static let format = Data([0x04, 0x00, 0xAD, 0x27, 0x01, 0x00, 0x00])

    /// A secondary battery service and a primary service of a fresh UUID that includes it.
    static func services() -> (included: CBMutableService, primary: CBMutableService) {
        let included = CBMutableService(type: battery, primary: false)
        included.characteristics = [
            CBMutableCharacteristic(type: level, properties: [.read], value: Data([100]), permissions: [.readable])
        ]
        let cachedCharacteristic = CBMutableCharacteristic(
            type: cached, properties: [.read], value: cachedValue, permissions: [.readable])
        cachedCharacteristic.descriptors = [
            CBMutableDescriptor(type: CBUUID(string: CBUUIDCharacteristicUserDescriptionString), value: "Cached"),
            CBMutableDescriptor(type: CBUUID(string: CBUUIDCharacteristicFormatString), value: format),
        ]
        let primary = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
        primary.includedServices = [included]
        primary.characteristics = [
            cachedCharacteristic,
            CBMutableCharacteristic(type: dynamic, properties: [.read, .notify], value: nil, permissions: [.readable]),
            CBMutableCharacteristic(
                type: writable, properties: [.write, .writeWithoutResponse], value: nil,
                permissions: [.writeable, .writeEncryptionRequired]),
        ]
        return (included, primary)
    }

    /// Adds `services` in order, expecting each to be added.
    static func add(
        _ services: [CBMutableService], to manager: CBPeripheralManager, _ delegate: RestoringPeripheralManagerDelegate
    ) async throws {
        for service in services {
            manager.add(service)
            #expect(try await delegate.next() == .added(service.uuid.uuidString, error: nil))
        }
    }

    @Test(
        "a later manager with the identifier gets the published tree and the advertising back before its state, and a central reads it"
    )
    func restoresPublishedServicesAndAdvertising() async throws {
        let setting = RestorationSetting()
        defer { setting.removeDirectory() }
        let (included, primary) = Self.services()
        let name = uniqueLocalName()
        let (central, recorder, events) = try await CentralFixture.central()
        var cursor = events
        let firstIdentifier: UUID
        do {
            let (manager, delegate) = setting.manager()
            #expect(try await delegate.next() == .state(.poweredOn), "nothing was saved yet")
            let withdrawn = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
            try await Self.add([included, primary, withdrawn], to: manager, delegate)
            manager.remove(withdrawn)
            manager.startAdvertising([
                CBAdvertisementDataLocalNameKey: name, CBAdvertisementDataServiceUUIDsKey: [primary.uuid],
            ])
            #expect(try await delegate.next() == .startedAdvertising(error: nil))
            let (first, _) = try await CentralFixture.discover(primary.uuid, with: central, recorder, &cursor)
            firstIdentifier = first.identifier
        }

        let (manager, delegate) = setting.manager()
        #expect(
            try await delegate.next()
                == .restored(
                    services: [Self.battery.uuidString, primary.uuid.uuidString], localName: name,
                    advertisedServices: [primary.uuid.uuidString]))
        #expect(try await delegate.next() == .state(.poweredOn))
        #expect(delegate.queue.sync { manager.isAdvertising })
        let restored = delegate.queue.sync { delegate.restoredServices }
        try delegate.queue.sync {
            let (battery, service) = (restored[0], restored[1])
            #expect(!battery.isPrimary && service.isPrimary)
            #expect(service.includedServices?.count == 1 && service.includedServices?.first === battery)
            let characteristics = try #require(service.characteristics as? [CBMutableCharacteristic])
            #expect(characteristics.map(\.uuid) == [Self.cached, Self.dynamic, Self.writable])
            #expect(
                characteristics.map(\.properties) == [[.read], [.read, .notify], [.write, .writeWithoutResponse]])
            #expect(
                characteristics.map(\.permissions) == [
                    [.readable], [.readable], [.writeable, .writeEncryptionRequired],
                ])
            #expect(characteristics.map(\.value) == [Self.cachedValue, nil, nil])
            #expect(characteristics[0].service === service)
            let descriptors = characteristics[0].descriptors ?? []
            #expect(descriptors.map(\.uuid) == [CBUUID(string: "2901"), CBUUID(string: "2904")])
            #expect(descriptors.first?.value as? String == "Cached")
            #expect(descriptors.last?.value as? Data == Self.format)
            #expect((battery.characteristics?.first as? CBMutableCharacteristic)?.value == Data([100]))
        }

        recorder.queue.sync {
            central.scanForPeripherals(withServices: [primary.uuid])
        }
        let (peripheral, advertisement) = try await cursor.next { event -> (CBPeripheral, Advertisement)? in
            guard case .discovered(let peripheral, let advertisement) = event, peripheral.identifier != firstIdentifier
            else { return nil }
            return (peripheral, advertisement)
        }
        recorder.queue.sync { central.stopScan() }
        #expect(advertisement.localName == name)
        try await CentralFixture.connect(peripheral, with: central, recorder, &cursor)
        defer { recorder.queue.sync { central.cancelPeripheralConnection(peripheral) } }
        let discovered = try await CentralFixture.discoverAll(peripheral, service: primary.uuid, recorder, &cursor)
        #expect(recorder.queue.sync { discovered.includedServices?.map(\.uuid) } == [Self.battery])
        let characteristic = try #require(
            recorder.queue.sync { discovered.characteristics?.first { $0.uuid == Self.cached } })
        #expect(
            recorder.queue.sync { characteristic.descriptors?.map(\.uuid) } == [
                CBUUID(string: "2901"), CBUUID(string: "2904"),
            ])
        recorder.queue.sync { peripheral.readValue(for: characteristic) }
        guard case .valueUpdated(_, let value, nil) = try await cursor.next() else {
            Issue.record("the restored static value was not read")
            return
        }
        #expect(value == Self.cachedValue)
        withExtendedLifetime(manager) {}
    }

    @Test("removing a service and stopping advertising update the saved state")
    func removalAndStopUpdateTheRecord() async throws {
        let setting = RestorationSetting()
        defer { setting.removeDirectory() }
        let (included, primary) = Self.services()
        do {
            let (manager, delegate) = setting.manager()
            #expect(try await delegate.next() == .state(.poweredOn))
            try await Self.add([included, primary], to: manager, delegate)
            manager.startAdvertising([CBAdvertisementDataLocalNameKey: uniqueLocalName()])
            #expect(try await delegate.next() == .startedAdvertising(error: nil))
            manager.stopAdvertising()
            manager.remove(primary)
        }
        let (manager, delegate) = setting.manager()
        #expect(
            try await delegate.next()
                == .restored(services: [Self.battery.uuidString], localName: nil, advertisedServices: nil))
        #expect(try await delegate.next() == .state(.poweredOn))
        #expect(!delegate.queue.sync { manager.isAdvertising })
        manager.removeAllServices()

        let (third, thirdDelegate) = setting.manager()
        #expect(try await thirdDelegate.next() == .state(.poweredOn), "nothing is left to restore")
        withExtendedLifetime(third) {}
    }

    @Test("a damaged or impossible saved state is dropped: the manager starts afresh and saves anew")
    func damagedRecordStartsAfresh() async throws {
        let setting = RestorationSetting()
        defer { setting.removeDirectory() }
        do {
            let (manager, delegate) = setting.manager()
            #expect(try await delegate.next() == .state(.poweredOn))
            try await Self.add([Self.services().included], to: manager, delegate)
        }
        for damage in [
            "{\"services\": [",
            "{\"services\":[{\"uuid\":\"NOPE\",\"isPrimary\":true,\"includes\":[],\"characteristics\":[]}]}",
            "{\"services\":[{\"uuid\":\"180F\",\"isPrimary\":true,\"includes\":[3],\"characteristics\":[]}]}",
            "{\"services\":[{\"uuid\":\"180F\",\"isPrimary\":true,\"includes\":[],\"characteristics\":[{\"uuid\":\"2A19\","
                + "\"properties\":10,\"permissions\":3,\"value\":\"AA==\",\"descriptors\":[]}]}]}",
        ] {
            try setting.overwriteFiles(with: damage)
            let (manager, delegate) = setting.manager()
            #expect(try await delegate.next() == .state(.poweredOn), "\(damage)")
            try await Self.add([CBMutableService(type: CBUUID(string: "1805"), primary: true)], to: manager, delegate)
        }
        let (manager, delegate) = setting.manager()
        #expect(try await delegate.next() == .restored(services: ["1805"], localName: nil, advertisedServices: nil))
        #expect(try await delegate.next() == .state(.poweredOn))
        withExtendedLifetime(manager) {}
    }
}
