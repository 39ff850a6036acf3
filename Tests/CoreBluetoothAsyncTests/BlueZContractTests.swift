import CoreBluetooth
import CoreBluetoothAsync
import Foundation
import Testing

/// CoreBluetooth's central contract, on bluetoothd: run only where `BLUETOOTH_BLUEZ_CONTRACT` names a peripheral
/// serving `.ci/vm/fixtures/thermometer.json` (the VM suite's scenario o runs it in the guest against the host's
/// `bluetooth serve`).
@Suite(
    "CoreBluetooth contract on bluetoothd (BLUETOOTH_BLUEZ_CONTRACT)",
    .enabled(if: ProcessInfo.processInfo.environment["BLUETOOTH_BLUEZ_CONTRACT"] != nil),
    .serialized, .timeLimit(.minutes(3)))
struct BlueZContractTests {
    static let name = ProcessInfo.processInfo.environment["BLUETOOTH_BLUEZ_CONTRACT"] ?? ""
    static let thermometer = CBUUID(string: "1809")

    /// A powered-on central on bluetoothd's hci0.
    static func central() async throws -> AsyncCentral {
        let central = AsyncCentral(options: [CBManagerOptionTransportKey: "bluez"])
        try await central.waitUntilPoweredOn()
        return central
    }

    /// Scans for the thermometer service until the named peripheral shows up.
    static func find(with central: AsyncCentral) async throws -> Discovery {
        for await discovery in central.scan(withServices: [thermometer])
        where discovery.advertisementData.localName == name {
            return discovery
        }
        throw CBError(.unknownDevice)
    }

    /// Finds, connects and discovers the thermometer service's characteristics.
    static func connect(with central: AsyncCentral) async throws -> (AsyncPeripheral, [CBCharacteristic]) {
        let peripheral = try await find(with: central).peripheral
        try await central.connect(peripheral)
        let services = try await peripheral.discoverServices([thermometer])
        #expect(services.map(\.uuid) == [thermometer])
        return (peripheral, try await peripheral.discoverCharacteristics(nil, for: try #require(services.first)))
    }

    @Test("a scan filtered by service finds the advertiser with its name and services, connectable")
    func scanFindsAdvertiser() async throws {
        let central = try await Self.central()
        let discovery = try await Self.find(with: central)
        #expect(discovery.advertisementData.serviceUUIDs.contains(Self.thermometer))
        #expect(discovery.advertisementData.isConnectable == true)
        #expect(await central.isScanning == false)
    }

    @Test("a filtered discovery finds only the characteristic asked; a full one all of them, in handle order")
    func discoveryOrderAndFilter() async throws {
        let central = try await Self.central()
        let peripheral = try await Self.find(with: central).peripheral
        try await central.connect(peripheral)
        let service = try #require(try await peripheral.discoverServices([Self.thermometer]).first)
        let filtered = try await peripheral.discoverCharacteristics([CBUUID(string: "2A21")], for: service)
        #expect(filtered.map(\.uuid.uuidString) == ["2A21"])
        let characteristics = try await peripheral.discoverCharacteristics(nil, for: service)
        #expect(characteristics.map(\.uuid.uuidString) == ["2A1C", "2A21", "2A1D"])
        #expect(characteristics.map(\.properties) == [.notify, [.read, .write], .read])
        let descriptors = try await peripheral.discoverDescriptors(for: characteristics[1])
        #expect(descriptors.map(\.uuid.uuidString) == ["2901"])
        #expect(try await peripheral.read(descriptors[0]) as? String == "Measurement interval")
        try await central.disconnect(peripheral)
        #expect(await peripheral.state == .disconnected)
    }

    @Test("a write with response is read back; notifications arrive after subscribing")
    func writeReadNotify() async throws {
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(with: central)
        try await peripheral.write(Data([0x0D, 0x00]), to: characteristics[1])
        #expect(try await peripheral.read(characteristics[1]) == Data([0x0D, 0x00]))
        try await peripheral.write(Data([0x0A, 0x00]), to: characteristics[1])
        var values: [Data] = []
        for try await value in peripheral.notifications(for: characteristics[0]) {
            values.append(value)
            if values.count == 2 { break }
        }
        #expect(
            Set(values).isSubset(of: [Data([0x00, 0xE8, 0x03, 0x00, 0x00]), Data([0x00, 0xE9, 0x03, 0x00, 0x00])]))
        try await central.disconnect(peripheral)
    }

    @Test("readRSSI reads the link RSSI from the kernel; an L2CAP channel fails with operationNotSupported")
    func rssiAndUnsupportedChannel() async throws {
        let central = try await Self.central()
        let (peripheral, _) = try await Self.connect(with: central)
        let rssi = try await peripheral.readRSSI()
        #expect((-127...20).contains(rssi))
        let channel = await #expect(throws: CBError.self) { try await peripheral.openL2CAPChannel(0x80) }
        #expect(channel?.code == .operationNotSupported)
        try await central.disconnect(peripheral)
    }
}
