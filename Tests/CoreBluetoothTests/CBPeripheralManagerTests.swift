import CoreBluetooth
import Foundation
import HCI
import Host
import Testing

@Suite("CBPeripheralManager: lifecycle, services and advertising on the virtual radio", .timeLimit(.minutes(2)))
struct CBPeripheralManagerTests {
    static let serviceUUID = CBUUID(string: "6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
    static let valueUUID = CBUUID(string: "6E400002-B5A3-F393-E0A9-E50E24DCCA9E")

    static func makeService(_ uuid: CBUUID = serviceUUID) -> CBMutableService {
        let service = CBMutableService(type: uuid, primary: true)
        service.characteristics = [
            CBMutableCharacteristic(
                type: valueUUID, properties: [.read], value: Data("fixed".utf8), permissions: [.readable])
        ]
        return service
    }

    @Test(
        "state is unknown after init and peripheralManagerDidUpdateState(.poweredOn) is the first callback, on the queue"
    )
    func stateFirst() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        #expect(fixture.onQueue { fixture.manager.state } == .poweredOn)
        #expect(!fixture.onQueue { fixture.manager.isAdvertising })
    }

    @Test("add(_:) reports didAdd in call order: without error, then CBError.uuidNotAllowed for the GAP service UUID")
    func addService() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        fixture.manager.add(Self.makeService())
        fixture.manager.add(CBMutableService(type: CBUUID(string: "1800"), primary: true))
        #expect(try await fixture.delegate.next() == .added(Self.serviceUUID, error: nil))
        #expect(
            try await fixture.delegate.next() == .added(CBUUID(string: "1800"), error: CBError.uuidNotAllowed.rawValue))
    }

    @Test("an included service published first appears in the central's discovery of the including service")
    func includedService() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let battery = CBMutableService(type: CBUUID(string: "180F"), primary: false)
        let main = Self.makeService()
        main.includedServices = [battery]
        fixture.manager.add(battery)
        #expect(try await fixture.delegate.next() == .added(CBUUID(string: "180F"), error: nil))
        try await fixture.publishAndAdvertise([main])

        let central = try await PeripheralTestCentral.start()
        let (_, database) = try await central.connect(named: fixture.name)
        let discovered = try #require(database.services.first { $0.service.uuid == Self.serviceUUID.bluetoothUUID })
        #expect(discovered.includedServices?.map(\.uuid) == [CBUUID(string: "180F").bluetoothUUID])
        await central.stop()
    }

    @Test("the central sees the advertised local name and service UUIDs; isAdvertising is true; a second start fails")
    func advertising() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        try await fixture.publishAndAdvertise([Self.makeService()])
        #expect(fixture.onQueue { fixture.manager.isAdvertising })

        let central = try await PeripheralTestCentral.start()
        let seen = try await central.find(named: fixture.name, services: [Self.serviceUUID])
        #expect(seen.localName == fixture.name)
        #expect(seen.serviceUUIDs == [Self.serviceUUID.bluetoothUUID])

        fixture.manager.startAdvertising([CBAdvertisementDataLocalNameKey: fixture.name])
        #expect(try await fixture.delegate.next() == .startedAdvertising(error: CBError.alreadyAdvertising.rawValue))
        fixture.manager.stopAdvertising()
        #expect(!fixture.onQueue { fixture.manager.isAdvertising })
        await central.stop()
    }

    @Test("advertising resumes after a central connects, so a second central finds the peripheral")
    func advertisingResumesAfterConnection() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        try await fixture.publishAndAdvertise([Self.makeService()])
        let first = try await PeripheralTestCentral.start()
        _ = try await first.connect(named: fixture.name)

        let second = try await PeripheralTestCentral.start()
        let seen = try await second.find(named: fixture.name)
        #expect(seen.localName == fixture.name)
        #expect(fixture.onQueue { fixture.manager.isAdvertising })
        await first.stop()
        await second.stop()
    }

    @Test("a static value is answered by the server without asking the delegate")
    func staticRead() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let service = Self.makeService()
        let dynamicUUID = CBUUID(string: "2A19")
        service.characteristics?.append(
            CBMutableCharacteristic(type: dynamicUUID, properties: [.read], value: nil, permissions: [.readable]))
        try await fixture.publishAndAdvertise([service])
        fixture.delegate.onRead = { manager, request in
            request.value = Data([42])
            manager.respond(to: request, withResult: .success)
        }

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let fixed = try database.characteristic(Self.valueUUID)
        #expect(try await central.host.read(fixed.valueHandle, on: link.handle) == Array("fixed".utf8))
        let dynamic = try database.characteristic(dynamicUUID)
        #expect(try await central.host.read(dynamic.valueHandle, on: link.handle) == [42])
        guard case .read(let uuid, let offset, _) = try await fixture.delegate.next() else {
            Issue.record("the first request the delegate saw was not a read")
            return
        }
        #expect(uuid == dynamicUUID)
        #expect(offset == 0)
        await central.stop()
    }

    @Test("remove(_:) and removeAllServices() withdraw services from the central's view")
    func removeService() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let first = Self.makeService()
        let second = Self.makeService(CBUUID(string: "180D"))
        for service in [first, second] {
            fixture.manager.add(service)
            #expect(try await fixture.delegate.next() == .added(service.uuid, error: nil))
        }
        fixture.manager.remove(first)
        try await fixture.publishAndAdvertise([])

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let uuids = database.services.map(\.service.uuid)
        #expect(!uuids.contains(Self.serviceUUID.bluetoothUUID))
        #expect(uuids.contains(CBUUID(string: "180D").bluetoothUUID))

        fixture.manager.removeAllServices()
        let third = Self.makeService(CBUUID(string: "1809"))
        fixture.manager.add(third)
        #expect(try await fixture.delegate.next() == .added(third.uuid, error: nil))
        let after = try await central.host.discoverDatabase(on: link.handle).database.services.map(\.service.uuid)
        #expect(!after.contains(CBUUID(string: "180D").bluetoothUUID))
        #expect(after.contains(CBUUID(string: "1809").bluetoothUUID))
        await central.stop()
    }

    @Test("publishL2CAPChannel reports the channel published without error")
    func publishL2CAPChannel() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        fixture.manager.publishL2CAPChannel(withEncryption: false)
        #expect(try await fixture.delegate.next() == .publishedL2CAPChannel(error: nil))
    }
}

@Suite("CBPeripheralManager initializers", .timeLimit(.minutes(2)))
struct CBPeripheralManagerInitializerTests {
    @Test("init() makes a manager whose state is unknown until its host reports")
    func plainInit() {
        let manager = CBPeripheralManager()
        #expect(manager.state == .unknown)
    }
}

@Suite("CBPeripheralManager lifetime", .timeLimit(.minutes(2)))
struct CBPeripheralManagerLifetimeTests {
    @Test("a powered-on manager the app lets go of is freed, so its host stops")
    func freedWhenReleased() async throws {
        weak var released: CBPeripheralManager?
        var fixture: PeripheralManagerFixture? = try await PeripheralManagerFixture.start()
        released = fixture?.manager
        let queue = try #require(fixture?.delegate.queue)
        fixture = nil
        queue.sync {}
        #expect(released == nil)
    }
}
