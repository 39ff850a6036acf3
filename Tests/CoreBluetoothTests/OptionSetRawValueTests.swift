import CoreBluetooth
import Testing

@Suite("Option set raw values", .timeLimit(.minutes(2)))
struct OptionSetRawValueTests {
    @Test("CBCharacteristicProperties has the declaration's bits and Apple's two encryption bits")
    func characteristicProperties() {
        let options: [(CBCharacteristicProperties, UInt)] = [
            (.broadcast, 0x01), (.read, 0x02), (.writeWithoutResponse, 0x04), (.write, 0x08), (.notify, 0x10),
            (.indicate, 0x20), (.authenticatedSignedWrites, 0x40), (.extendedProperties, 0x80),
            (.notifyEncryptionRequired, 0x100), (.indicateEncryptionRequired, 0x200),
        ]
        for (option, raw) in options {
            #expect(option.rawValue == raw)
        }
        #expect(CBCharacteristicProperties([.read, .notify]).rawValue == 0x12)
        #expect(CBCharacteristicProperties(rawValue: 0x0A) == [.read, .write])
    }

    @Test("CBAttributePermissions has Apple's four bits, spelled writeable")
    func attributePermissions() {
        #expect(CBAttributePermissions.readable.rawValue == 0x01)
        #expect(CBAttributePermissions.writeable.rawValue == 0x02)
        #expect(CBAttributePermissions.readEncryptionRequired.rawValue == 0x04)
        #expect(CBAttributePermissions.writeEncryptionRequired.rawValue == 0x08)
        #expect(CBAttributePermissions([.readable, .writeable]).rawValue == 0x03)
    }

    @Test("CBCentralManagerFeature.extendedScanAndConnect is 1")
    func centralManagerFeature() {
        #expect(CBCentralManagerFeature.extendedScanAndConnect.rawValue == 1)
    }
}
