import CoreBluetooth
import Foundation
import Testing

@Suite("A local characteristic with .extendedProperties", .serialized, .timeLimit(.minutes(1)))
struct ExtendedPropertiesTests {
    static let reliable = CBUUID(string: "FFF7")
    static let readOnly = CBUUID(string: "FFF8")

    @Test("is served with a 0x2900 descriptor that announces Reliable Write when it is writable, and nothing otherwise")
    func announcesReliableWrite() async throws {
        let extra = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
        extra.characteristics = [
            CBMutableCharacteristic(
                type: Self.reliable, properties: [.read, .write, .extendedProperties], value: nil,
                permissions: [.readable, .writeable]),
            CBMutableCharacteristic(
                type: Self.readOnly, properties: [.read, .extendedProperties], value: nil, permissions: [.readable]),
        ]
        var pair = try await ManagerPair.connect(extra: [extra])
        defer { pair.disconnect() }
        let service = try await CentralFixture.discoverAll(
            pair.peripheral, service: extra.uuid, pair.recorder, &pair.events)
        let reliable = try pair.characteristic(Self.reliable, in: service)
        let readOnly = try pair.characteristic(Self.readOnly, in: service)
        #expect(pair.onCentralQueue { reliable.properties } == [.read, .write, .extendedProperties])
        #expect(pair.onCentralQueue { readOnly.properties } == [.read, .extendedProperties])
        for (characteristic, expected) in [(reliable, "NSNumber:1"), (readOnly, "NSNumber:0")] {
            let descriptor = try #require(pair.onCentralQueue { characteristic.descriptors?.first })
            #expect(pair.onCentralQueue { characteristic.descriptors?.map(\.uuid) } == [CBUUID(string: "2900")])
            pair.onCentralQueue { pair.peripheral.readValue(for: descriptor) }
            guard case .descriptorUpdated("2900", let value, nil) = try await pair.events.next() else {
                Issue.record("the extended properties descriptor was not read")
                return
            }
            #expect(value == expected)
        }
    }
}
