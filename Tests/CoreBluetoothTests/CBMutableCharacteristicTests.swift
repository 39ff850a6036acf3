import Testing

@testable import CoreBluetooth

@Suite("CBMutableCharacteristic", .timeLimit(.minutes(2)))
struct CBMutableCharacteristicTests {
    @Test("the initializer keeps what it is given, with no service, no descriptors and no subscribers")
    func initialState() {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A37"), properties: [.notify], value: nil, permissions: [.readable])
        #expect(characteristic.uuid == CBUUID(string: "2A37"))
        #expect(characteristic.properties == [.notify])
        #expect(characteristic.value == nil)
        #expect(characteristic.permissions == [.readable])
        #expect(characteristic.service == nil)
        #expect(characteristic.descriptors == nil)
        #expect(!characteristic.isNotifying)
        #expect(characteristic.subscribedCentrals?.isEmpty == true)
    }

    @Test("a cached value is allowed only with exactly the read property and no write permission")
    func cachedValueRule() {
        func characteristic(
            _ properties: CBCharacteristicProperties, _ permissions: CBAttributePermissions, value: Data?
        ) -> CBMutableCharacteristic {
            CBMutableCharacteristic(
                type: CBUUID(string: "2A29"), properties: properties, value: value, permissions: permissions)
        }
        let name = Data("Acme".utf8)
        #expect(characteristic([.read], [.readable], value: name).hasReadOnlyCachedValue)
        #expect(characteristic([.read], [.readEncryptionRequired], value: name).hasReadOnlyCachedValue)
        #expect(!characteristic([.read, .write], [.readable], value: name).hasReadOnlyCachedValue)
        #expect(!characteristic([.read, .notify], [.readable], value: name).hasReadOnlyCachedValue)
        #expect(!characteristic([.read], [.readable, .writeable], value: name).hasReadOnlyCachedValue)
        #expect(!characteristic([.read], [.writeEncryptionRequired], value: name).hasReadOnlyCachedValue)
        #expect(characteristic([.read, .write, .notify], [.readable, .writeable], value: nil).hasReadOnlyCachedValue)
        #expect(
            CBMutableCharacteristic.cachedValueRuleMessage == "Characteristics with cached values must be read-only")
    }

    @Test("properties and value can be changed after creation")
    func settableMembers() {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A29"), properties: [.read], value: Data([1]), permissions: [.readable])
        characteristic.value = nil
        characteristic.properties = [.read, .write]
        characteristic.permissions = [.readable, .writeable]
        #expect(characteristic.value == nil)
        #expect(characteristic.properties == [.read, .write])
        #expect(characteristic.permissions == [.readable, .writeable])
    }

    @Test("setting descriptors makes the characteristic their owner")
    func descriptorBackReferences() throws {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A37"), properties: [.notify], value: nil, permissions: [])
        let userDescription = CBMutableDescriptor(type: CBUUID(string: "2901"), value: "Heart rate")
        let format = CBMutableDescriptor(type: CBUUID(string: "2904"), value: Data(repeating: 0, count: 7))
        characteristic.descriptors = [userDescription, format]
        #expect(characteristic.descriptors?.count == 2)
        #expect(userDescription.characteristic === characteristic)
        #expect(format.characteristic === characteristic)
    }

    @Test("subscribers are recorded once each and removed once")
    func subscribers() {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A37"), properties: [.notify], value: nil, permissions: [])
        let first = CBCentral(identifier: UUID())
        let second = CBCentral(identifier: UUID())
        #expect(characteristic.addSubscriber(first))
        #expect(!characteristic.addSubscriber(first))
        #expect(characteristic.addSubscriber(second))
        #expect(characteristic.subscribedCentrals?.map(\.identifier) == [first.identifier, second.identifier])
        #expect(characteristic.removeSubscriber(first))
        #expect(!characteristic.removeSubscriber(first))
        #expect(characteristic.subscribedCentrals?.map(\.identifier) == [second.identifier])
    }

    @Test("the broadcast and extended-properties properties cannot be set later", arguments: [0x01, 0x80] as [UInt])
    func forbiddenProperties(raw: UInt) async {
        await #expect(processExitsWith: .failure) { [raw] in
            let characteristic = CBMutableCharacteristic(
                type: CBUUID(string: "2A37"), properties: [.notify], value: nil, permissions: [])
            characteristic.properties = CBCharacteristicProperties(rawValue: raw).union(.read)
        }
    }

    @Test("a second User Description or Format descriptor stops the program", arguments: ["2901", "2904"])
    func duplicateDescriptors(uuid: String) async {
        await #expect(processExitsWith: .failure) { [uuid] in
            let characteristic = CBMutableCharacteristic(
                type: CBUUID(string: "2A37"), properties: [.notify], value: nil, permissions: [])
            let value: Any = uuid == "2901" ? "text" : Data(repeating: 0, count: 7)
            characteristic.descriptors = [
                CBMutableDescriptor(type: CBUUID(string: uuid), value: value),
                CBMutableDescriptor(type: CBUUID(string: uuid), value: value),
            ]
        }
    }

    @Test("description follows Apple's format")
    func description() {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A29"), properties: [.read], value: Data([0x0A, 0x00]), permissions: [.readable])
        let text = characteristic.description
        #expect(text.hasPrefix("<CBMutableCharacteristic: 0x"))
        #expect(
            text.hasSuffix(
                " UUID = Manufacturer Name String, Value = {length = 2, bytes = 0x0a00}, Properties = 0x2, "
                    + "Permissions = 0x1, Descriptors = (null), SubscribedCentrals = ()>"))
    }
}
