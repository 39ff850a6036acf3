import HCI
import Host
import Testing
import VirtualRadio

@Suite("A central with many links", .timeLimit(.minutes(2)))
struct ManyLinksTests {
    static let service = BluetoothUUID(uuid16: 0xFEC0)
    static let characteristic = BluetoothUUID(uuid16: 0xFEC1)

    @Test("a central holds 32 links at once and discovers the GATT database of all of them concurrently")
    func thirtyTwoLinks() async throws {
        let air = Air()
        let central = try await BluetoothHost.start(transport: await air.makeController())
        var peripherals: [BluetoothHost] = []
        var links: [HostLink] = []
        for index in 0..<32 {
            let address = BluetoothAddress(rawValue: 0xC0DE_0000_0000 + UInt64(index))
            let peripheral = try await BluetoothHost.start(
                transport: await air.makeController(),
                configuration: HostConfiguration(
                    setup: .init(staticRandomAddress: address), deviceName: "Peripheral \(index)",
                    services: [
                        ServiceDefinition(
                            uuid: Self.service,
                            characteristics: [
                                CharacteristicDefinition(
                                    uuid: Self.characteristic, properties: [.read], permissions: [.readable],
                                    value: .static([UInt8(index)]))
                            ])
                    ]))
            try await peripheral.startAdvertising(AdvertisementContent(localName: "Peripheral \(index)"))
            peripherals.append(peripheral)
            links.append(try await central.connect(to: address, type: .random, timeout: .seconds(10)))
        }
        #expect(await central.links.count == 32)
        let values = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, link) in links.enumerated() {
                group.addTask {
                    let database = try await central.discoverDatabase(on: link.handle).database
                    let service = database.services.first { $0.service.uuid == Self.service }
                    let characteristic = service?.characteristics?.first
                    guard let characteristic else { return (index, []) }
                    return (index, try await central.read(characteristic.characteristic.valueHandle, on: link.handle))
                }
            }
            var values: [Int: [UInt8]] = [:]
            for try await (index, value) in group { values[index] = value }
            return values
        }
        #expect(values.count == 32)
        for index in 0..<32 { #expect(values[index] == [UInt8(index)], "link \(index)") }
        await central.stop()
        for peripheral in peripherals { await peripheral.stop() }
    }
}
