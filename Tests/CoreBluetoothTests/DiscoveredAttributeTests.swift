import Testing

@testable import CoreBluetooth

@Suite("Discovered attributes", .timeLimit(.minutes(2)))
struct DiscoveredAttributeTests {
    @Test("a discovered service starts with nothing discovered below it")
    func service() {
        let service = CBService(uuid: CBUUID(string: "180D"), isPrimary: true)
        #expect(service.isPrimary)
        #expect(service.characteristics == nil)
        #expect(service.includedServices == nil)
        #expect(service.description.hasSuffix(", isPrimary = YES, UUID = Heart Rate>"))
    }

    @Test("a discovered characteristic refers weakly to its service and is not notifying")
    func characteristic() {
        let service = CBService(uuid: CBUUID(string: "180D"), isPrimary: true)
        let characteristic = CBCharacteristic(
            uuid: CBUUID(string: "2A37"), properties: [.notify], value: nil, service: service)
        #expect(characteristic.service === service)
        #expect(!characteristic.isNotifying)
        #expect(characteristic.descriptors == nil)
        characteristic.value = Data([0x00, 0x48])
        characteristic.isNotifying = true
        #expect(
            characteristic.description.hasSuffix(
                ", UUID = 2A37, properties = 0x10, value = {length = 2, bytes = 0x0048}, notifying = YES>"))
    }

    @Test("a discovered descriptor refers weakly to its characteristic and holds its value")
    func descriptor() {
        let characteristic = CBCharacteristic(
            uuid: CBUUID(string: "2A37"), properties: [.notify], value: nil, service: nil)
        let descriptor = CBDescriptor(
            uuid: CBUUID(string: "2902"), value: NSNumber(value: 1), characteristic: characteristic)
        #expect(descriptor.characteristic === characteristic)
        #expect(descriptor.value as? NSNumber == 1)
        #expect(descriptor.description.hasSuffix(", UUID = Client Characteristic Configuration, value = 1>"))
    }
}
