import Testing

@testable import CoreBluetooth

@Suite("CBMutableService", .timeLimit(.minutes(2)))
struct CBMutableServiceTests {
    @Test("a service keeps its UUID and kind and starts with no characteristics or included services")
    func initialState() {
        let service = CBMutableService(type: CBUUID(string: "180D"), primary: true)
        #expect(service.uuid == CBUUID(string: "180D"))
        #expect(service.isPrimary)
        #expect(service.characteristics == nil)
        #expect(service.includedServices == nil)
        #expect(!CBMutableService(type: CBUUID(string: "180F"), primary: false).isPrimary)
    }

    @Test("setting characteristics makes the service their owner, held weakly")
    func characteristicBackReferences() {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A37"), properties: [.notify], value: nil, permissions: [])
        do {
            let service = CBMutableService(type: CBUUID(string: "180D"), primary: true)
            service.characteristics = [characteristic]
            #expect(characteristic.service === service)
            #expect(service.characteristics?.first === characteristic)
        }
        #expect(characteristic.service == nil)
    }

    @Test("included services can be set")
    func includedServices() {
        let battery = CBMutableService(type: CBUUID(string: "180F"), primary: false)
        let heartRate = CBMutableService(type: CBUUID(string: "180D"), primary: true)
        heartRate.includedServices = [battery]
        #expect(heartRate.includedServices?.first === battery)
    }

    @Test("a 128-bit service UUID is accepted")
    func longUUID() {
        let service = CBMutableService(type: CBUUID(string: "7905F431-B5CE-4E99-A40F-4B1E122D00D0"), primary: true)
        #expect(service.uuid.data.count == 16)
    }

    @Test("a 32-bit service UUID stops the program")
    func thirtyTwoBitUUID() async {
        await #expect(processExitsWith: .failure) {
            _ = CBMutableService(type: CBUUID(string: "0000180D"), primary: true)
        }
    }

    @Test("description follows Apple's format")
    func description() {
        let service = CBMutableService(type: CBUUID(string: "180D"), primary: true)
        #expect(service.description.hasPrefix("<CBMutableService: 0x"))
        #expect(
            service.description.hasSuffix(
                " Primary = YES, UUID = Heart Rate, Included Services = (null), Characteristics = (null)>"))
    }
}
