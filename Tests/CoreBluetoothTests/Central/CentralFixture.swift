import CoreBluetooth
import HCI
import Host
import Testing

/// The GATT database, advertisement and connected central the central-side tests share.
enum CentralFixture {
    static let longValue = BluetoothUUID(uuid16: 0xFFF1)
    static let writable = BluetoothUUID(uuid16: 0xFFF2)
    static let notifying = BluetoothUUID(uuid16: 0xFFF3)
    static let stalled = BluetoothUUID(uuid16: 0xFFF4)
    static let battery = BluetoothUUID(uuid16: 0x180F)
    static let currentTime = BluetoothUUID(uuid16: 0x1805)

    /// A primary service of a UUID unique to the test, including a secondary battery service, and a second primary service.
    static func services(primary: BluetoothUUID) -> [ServiceDefinition] {
        [
            ServiceDefinition(
                id: "battery", uuid: battery, isPrimary: false,
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A19), properties: .read, permissions: .readable,
                        value: .static([100]))
                ]),
            ServiceDefinition(
                uuid: primary, includedServices: [.id("battery")],
                characteristics: [
                    CharacteristicDefinition(
                        uuid: longValue, properties: .read, permissions: .readable,
                        descriptors: [.userDescription("Long value")]),
                    CharacteristicDefinition(
                        uuid: writable, properties: [.write, .writeWithoutResponse],
                        permissions: [.readable, .writeable]),
                    CharacteristicDefinition(uuid: notifying, properties: [.read, .notify], permissions: .readable),
                    CharacteristicDefinition(uuid: stalled, properties: .read, permissions: .readable),
                ]),
            ServiceDefinition(
                uuid: currentTime,
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A2B), properties: .read, permissions: .readable,
                        value: .static([0, 0]))
                ]),
        ]
    }

    /// Starts a test device advertising a unique service, name, manufacturer data, service data and TX power.
    static func device(advertising: Bool = true) async throws -> (TestPeripheral, CBUUID) {
        let uuid = UUID()
        let primary = try #require(BluetoothUUID(string: uuid.uuidString))
        let name = "CB \(uuid.uuidString.prefix(6))"
        let device = try await TestPeripheral.start(name: name, services: services(primary: primary), stall: [stalled])
        if advertising {
            try await device.host.startAdvertising(
                AdvertisementContent(
                    localName: name, serviceUUIDs: [primary], manufacturerData: [0xFF, 0xFF, 0x01, 0x02],
                    serviceData: [BluetoothUUID(uuid16: 0xFEAA): [0x10, 0x20]], txPowerLevel: 4))
        }
        return (device, CBUUID(string: uuid.uuidString))
    }

    /// A central manager on its own queue, made with `options` and held by its recorder, once it reports `.poweredOn`.
    static func central(
        _ label: String = #function, options: [String: Any]? = nil
    ) async throws -> (CBCentralManager, CentralRecorder, EventCursor) {
        let recorder = CentralRecorder(label: label)
        let manager = CBCentralManager(delegate: recorder, queue: recorder.queue, options: options)
        recorder.manager = manager
        var events = EventCursor(recorder)
        let state = try await events.next { event -> CBManagerState? in
            if case .state(let state) = event { return state }
            return nil
        }
        #expect(state == .poweredOn)
        return (manager, recorder, events)
    }

    /// Scans for the device's unique service and returns the first discovery.
    static func discover(
        _ service: CBUUID, with manager: CBCentralManager, _ recorder: CentralRecorder, _ events: inout EventCursor
    ) async throws -> (CBPeripheral, Advertisement) {
        recorder.queue.sync { manager.scanForPeripherals(withServices: [service]) }
        let found = try await events.next { event -> (CBPeripheral, Advertisement)? in
            if case .discovered(let peripheral, let advertisement) = event { return (peripheral, advertisement) }
            return nil
        }
        recorder.queue.sync { manager.stopScan() }
        return found
    }

    /// Connects to a discovered peripheral and makes the recorder its delegate.
    static func connect(
        _ peripheral: CBPeripheral, with manager: CBCentralManager, _ recorder: CentralRecorder,
        _ events: inout EventCursor
    ) async throws {
        recorder.queue.sync {
            peripheral.delegate = recorder
            manager.connect(peripheral)
        }
        let connected = try await events.next { event -> CBPeripheral? in
            if case .connected(let peripheral) = event { return peripheral }
            return nil
        }
        #expect(connected === peripheral)
    }

    /// Discovers every service, included service, characteristic and descriptor of the unique service.
    static func discoverAll(
        _ peripheral: CBPeripheral, service: CBUUID, _ recorder: CentralRecorder, _ events: inout EventCursor
    ) async throws -> CBService {
        recorder.queue.sync { peripheral.discoverServices(nil) }
        _ = try await events.next { event -> Void? in
            if case .servicesDiscovered(nil) = event { return () }
            return nil
        }
        let primary = try #require(recorder.queue.sync { peripheral.services?.first { $0.uuid == service } })
        recorder.queue.sync {
            peripheral.discoverIncludedServices(nil, for: primary)
            peripheral.discoverCharacteristics(nil, for: primary)
        }
        _ = try await events.next { event -> Void? in
            if case .characteristicsDiscovered(_, nil) = event { return () }
            return nil
        }
        let characteristics = recorder.queue.sync { primary.characteristics ?? [] }
        recorder.queue.sync {
            for characteristic in characteristics { peripheral.discoverDescriptors(for: characteristic) }
        }
        for _ in characteristics {
            _ = try await events.next { event -> Void? in
                if case .descriptorsDiscovered(_, nil) = event { return () }
                return nil
            }
        }
        return primary
    }

    /// A device, a central manager connected to it, and its unique service discovered to the descriptors: the start
    /// most central tests share. The caller stops the device.
    static func connectedDevice(
        _ label: String = #function
    ) async throws -> (
        device: TestPeripheral, manager: CBCentralManager, recorder: CentralRecorder, peripheral: CBPeripheral,
        primary: CBService, events: EventCursor
    ) {
        let (device, service) = try await device()
        do {
            let (manager, recorder, events) = try await central(label)
            var cursor = events
            let (peripheral, _) = try await discover(service, with: manager, recorder, &cursor)
            try await connect(peripheral, with: manager, recorder, &cursor)
            let primary = try await discoverAll(peripheral, service: service, recorder, &cursor)
            return (device, manager, recorder, peripheral, primary, cursor)
        } catch {
            await device.stop()
            throw error
        }
    }

    /// The characteristic with `uuid` in `service`.
    static func characteristic(
        _ uuid: BluetoothUUID, in service: CBService, _ recorder: CentralRecorder
    ) throws
        -> CBCharacteristic
    {
        try #require(
            recorder.queue.sync { service.characteristics?.first { $0.uuid == CBUUID(string: uuid.uuidString) } })
    }
}
