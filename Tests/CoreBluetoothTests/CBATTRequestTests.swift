import Testing

@testable import CoreBluetooth

@Suite("CBATTRequest", .timeLimit(.minutes(2)))
struct CBATTRequestTests {
    @Test("a request carries its central, characteristic and offset, and the app can set its value")
    func members() {
        let central = CBCentral(identifier: UUID())
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A39"), properties: [.write], value: nil, permissions: [.writeable])
        let request = CBATTRequest(central: central, characteristic: characteristic, offset: 4, value: nil)
        #expect(request.central === central)
        #expect(request.characteristic === characteristic)
        #expect(request.offset == 4)
        #expect(request.value == nil)
        request.value = Data([0x01])
        #expect(request.value == Data([0x01]))
    }

    @Test("description follows Apple's format")
    func description() {
        let request = CBATTRequest(
            central: CBCentral(identifier: UUID()),
            characteristic: CBMutableCharacteristic(
                type: CBUUID(string: "2A39"), properties: [.write], value: nil, permissions: [.writeable]),
            offset: 0, value: Data([0x01]))
        #expect(request.description.hasPrefix("<CBATTRequest: 0x"))
        #expect(request.description.contains(" Central = <CBCentral: 0x"))
        #expect(request.description.contains("Characteristic = <CBMutableCharacteristic: 0x"))
        #expect(request.description.hasSuffix("Offset = 0, Value = {length = 1, bytes = 0x01}>"))
    }
}
