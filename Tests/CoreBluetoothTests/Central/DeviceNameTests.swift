import CoreBluetooth
import Foundation
import Host
import Testing

@Suite("The peer's GAP Device Name", .timeLimit(.minutes(2)))
struct DeviceNameTests {
    @Test("on connection the Device Name replaces the advertised name, and the delegate hears peripheralDidUpdateName")
    func deviceNameReadOnConnection() async throws {
        let uuid = UUID()
        let primary = try #require(BluetoothUUID(string: uuid.uuidString))
        let device = try await TestPeripheral.start(
            name: "Kitchen thermometer", services: CentralFixture.services(primary: primary))
        defer { Task { await device.stop() } }
        try await device.host.startAdvertising(AdvertisementContent(localName: "KT", serviceUUIDs: [primary]))

        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        let (peripheral, advertisement) = try await CentralFixture.discover(
            CBUUID(string: uuid.uuidString), with: manager, recorder, &cursor)
        #expect(advertisement.localName == "KT")
        #expect(recorder.queue.sync { peripheral.name } == "KT")
        try await CentralFixture.connect(peripheral, with: manager, recorder, &cursor)
        let renamed = try await cursor.next { event -> String?? in
            if case .nameUpdated(let name) = event { return .some(name) }
            return nil
        }
        #expect(renamed == "Kitchen thermometer")
        #expect(recorder.queue.sync { peripheral.name } == "Kitchen thermometer")
    }
}
