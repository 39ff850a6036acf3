import Foundation
import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

@testable import CoreBluetooth

/// A central manager and a peer device whose controller can drop the link at any PDU of a procedure.
struct VanishRig {
    static let long = BluetoothUUID(uuid16: 0xFFA1)
    static let writable = BluetoothUUID(uuid16: 0xFFA2)
    static let indicating = BluetoothUUID(uuid16: 0xFFA3)
    static let battery = BluetoothUUID(uuid16: 0x180F)
    /// Longer than one read or prepare-write fits at the ATT_MTU the peer accepts (23).
    static let longValue = [UInt8](repeating: 0x5A, count: 40)
    static let psm: CBL2CAPPSM = 0x0081
    /// The ATT, Security Manager and signaling timeout both sides run with when the peer goes silent: short, so a
    /// cell ends soon, yet long enough that a loaded machine finishes every answered transaction well within it.
    static let silentTimeout: Duration = .seconds(2)

    let transport: VanishingTransport
    /// Under ``transport``: rewrites what the peer's host sends.
    let tampering: TamperingTransport
    let device: TestPeripheral
    let central: CBCentralManager
    let recorder: CentralRecorder
    var events: EventCursor
    let peripheral: CBPeripheral
    let serviceUUID: CBUUID
    let advertisement: AdvertisementContent

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
                        uuid: long, properties: .read, permissions: .readable,
                        descriptors: [.userDescription("Long value")]),
                    CharacteristicDefinition(
                        uuid: writable, properties: .write, permissions: [.readable, .writeable]),
                    CharacteristicDefinition(uuid: indicating, properties: [.read, .indicate], permissions: .readable),
                ]),
        ]
    }

    /// Starts the peer advertising (serving `extraServices` too) and a central that finds it; `connect` also
    /// connects. With `timeout` the central gives up on a silent peer after it instead of the specification's
    /// 30 s, and the peer after twice as long, so that the central's timer always runs out first.
    static func start(
        connect: Bool, timeout: Duration? = nil, extraServices: [ServiceDefinition] = [], label: String = #function
    ) async throws -> VanishRig {
        let uuid = UUID()
        let primary = try #require(BluetoothUUID(string: uuid.uuidString))
        let name = "Vanish \(uuid.uuidString.prefix(6))"
        let tampering = TamperingTransport(wrapping: await VirtualAir.makeTransport())
        let transport = VanishingTransport(wrapping: tampering)
        let device = try await TestPeripheral.start(
            name: name, services: services(primary: primary) + extraServices, transport: transport,
            mtu: ATTBearer.minimumMTU,
            transactionTimeout: timeout.map { $0 * 2 } ?? ATTBearer.transactionTimeout)
        await device.setValue(longValue, of: long)
        try await device.host.publishChannel(spsm: SPSM(rawValue: psm))
        let advertisement = AdvertisementContent(localName: name, serviceUUIDs: [primary])
        try await device.host.startAdvertising(advertisement)
        let serviceUUID = CBUUID(string: uuid.uuidString)
        let (central, recorder, cursor) = try await CentralFixture.central(
            label, options: timeout.map { [ManagerHost.protocolTimeoutKey: $0] })
        var events = cursor
        let (peripheral, _) = try await CentralFixture.discover(serviceUUID, with: central, recorder, &events)
        recorder.queue.sync { peripheral.delegate = recorder }
        var rig = VanishRig(
            transport: transport, tampering: tampering, device: device, central: central, recorder: recorder,
            events: events,
            peripheral: peripheral, serviceUUID: serviceUUID, advertisement: advertisement)
        if connect {
            try await CentralFixture.connect(peripheral, with: central, recorder, &rig.events)
            await rig.linkPrepared()
        }
        return rig
    }

    /// Waits until the central has done what it does on every new link before the app's first call (reading the
    /// Device Name, subscribing to Service Changed), however that went.
    func linkPrepared() async {
        await withCheckedContinuation { continuation in peripheral.worker.enqueue { continuation.resume() } }
    }

    /// Waits for the peripheral's disconnection, returning the error the delegate heard.
    mutating func disconnection() async throws -> ErrorSummary? {
        try await events.next { event -> ErrorSummary?? in
            guard case .disconnected(_, let error) = event else { return nil }
            return .some(error)
        }
    }

    /// Discovers the primary service, its included services, characteristics and the long value's descriptors.
    mutating func discover() async throws -> CBService {
        try await CentralFixture.discoverAll(peripheral, service: serviceUUID, recorder, &events)
    }

    /// The discovered characteristic `uuid` of `service`.
    func characteristic(_ uuid: BluetoothUUID, in service: CBService) throws -> CBCharacteristic {
        try CentralFixture.characteristic(uuid, in: service, recorder)
    }

    /// Runs `body` on the central's delegate queue.
    func onQueue(_ body: () -> Void) {
        recorder.queue.sync(execute: body)
    }

    /// The peripheral's state, read on the delegate queue.
    func onQueueState() -> CBPeripheralState {
        recorder.queue.sync { peripheral.state }
    }

    /// Connects again, discovers the services and reads the long value whole: the link works after the fault.
    mutating func reconnectAndRead() async throws {
        transport.disarm()
        try await device.host.startAdvertising(advertisement)
        onQueue { central.connect(peripheral) }
        try await events.next { event -> Void? in
            if case .connected = event { return () }
            if case .failedToConnect(_, let error) = event {
                Issue.record("reconnect failed: \(String(describing: error))")
            }
            return nil
        }
        try await discoverAndReadLong()
    }

    /// Discovers the primary service again and reads the long value whole: discovery and reads work after a fault.
    mutating func discoverAndReadLong() async throws {
        let service = try await discover()
        let long = try characteristic(Self.long, in: service)
        let peripheral = peripheral
        onQueue { peripheral.readValue(for: long) }
        let value = try await events.next { event -> Data?? in
            guard case .valueUpdated(let uuid, let value, let error) = event, uuid == long.uuid.uuidString else {
                return nil
            }
            #expect(error == nil)
            return .some(value)
        }
        #expect(value == Data(Self.longValue))
    }

    /// Disconnects and stops the peer.
    mutating func finish() async throws {
        onQueue { central.cancelPeripheralConnection(peripheral) }
        try await events.next { event -> Void? in
            if case .disconnected = event { return () }
            return nil
        }
        await device.stop()
    }
}
