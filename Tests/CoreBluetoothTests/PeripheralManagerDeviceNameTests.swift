import CoreBluetooth
import Foundation
import Host
import Testing

@Suite("A peripheral manager's GAP Device Name and Appearance", .timeLimit(.minutes(2)))
struct PeripheralManagerDeviceNameTests {
    static let serviceUUID = CBUUID(string: "0000FFF0-0000-1000-8000-00805F9B34FB")

    /// A manager publishing one service, advertising its fixture name.
    static func advertisingManager(options: [String: Any] = [:]) async throws -> PeripheralManagerFixture {
        let fixture = try await PeripheralManagerFixture.start(options: options)
        let service = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
        try await fixture.publishAndAdvertise([service])
        return fixture
    }

    /// Connects a central host to the manager and reads its Device Name and Appearance by UUID.
    static func readGAP(of fixture: PeripheralManagerFixture) async throws -> (name: String, appearance: [UInt8]) {
        let central = try await PeripheralTestCentral.start()
        let (link, _) = try await central.connect(named: fixture.name)
        let name = try await central.host.run(GATTClientReadUsingCharacteristicUUID(uuid: .deviceName), on: link.handle)
        let appearance = try await central.host.run(
            GATTClientReadUsingCharacteristicUUID(uuid: .appearance), on: link.handle)
        await central.stop()
        return (String(decoding: try #require(name.first).value, as: UTF8.self), try #require(appearance.first).value)
    }

    @Test("the Device Name and Appearance options are what a central reads from 0x2A00 and 0x2A01")
    func options() async throws {
        let fixture = try await Self.advertisingManager(options: [
            CBManagerOptionDeviceNameKey: "Kitchen Thermometer", CBManagerOptionAppearanceKey: 0x0300,
        ])
        let gap = try await Self.readGAP(of: fixture)
        #expect(gap.name == "Kitchen Thermometer")
        #expect(gap.appearance == [0x00, 0x03])
    }

    @Test("without the options the Device Name is the machine's host name and the Appearance is Unknown")
    func defaults() async throws {
        let hostName = try String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let gap = try await Self.readGAP(of: try await Self.advertisingManager())
        #expect(gap.name == hostName)
        #expect(gap.appearance == [0x00, 0x00])
    }

    @Test("a CBCentralManager connecting to the manager names the peripheral by its Device Name")
    func centralSeesDeviceName() async throws {
        let service = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
        let fixture = try await PeripheralManagerFixture.start(options: [CBManagerOptionDeviceNameKey: "Thermometer"])
        try await fixture.publishAndAdvertise([service])
        let (central, recorder, events) = try await CentralFixture.central()
        var cursor = events
        let (peripheral, advertisement) = try await CentralFixture.discover(
            service.uuid, with: central, recorder, &cursor)
        #expect(advertisement.localName == fixture.name)
        try await CentralFixture.connect(peripheral, with: central, recorder, &cursor)
        let renamed = try await cursor.next { event -> String?? in
            if case .nameUpdated(let name) = event { return .some(name) }
            return nil
        }
        #expect(renamed == "Thermometer")
        #expect(recorder.queue.sync { peripheral.name } == "Thermometer")
        recorder.queue.sync { central.cancelPeripheralConnection(peripheral) }
    }
}
