import BlueZ
import Foundation
import Testing

@testable import CoreBluetooth

@Suite("BlueZ backend mappings", .timeLimit(.minutes(1)))
struct BlueZMappingTests {
    static let device = BlueZDevice(
        path: "/org/bluez/hci0/dev_C0_11_22_33_44_55", address: "C0:11:22:33:44:55", isRandomAddress: true,
        name: "VMThermometer", rssi: -60, txPower: 4,
        serviceUUIDs: ["00001809-0000-1000-8000-00805f9b34fb", "7905f431-b5ce-4e99-a40f-4b1e122d00d0"],
        manufacturerData: [0x004C: [0x02, 0x15]], serviceData: ["0000180f-0000-1000-8000-00805f9b34fb": [0x64]],
        isConnected: false, servicesResolved: false, isPaired: false)

    @Test("transport specs bluez and bluez:hciN name an adapter; others are not BlueZ")
    func transportSpecs() {
        #expect(BlueZTransport.adapter(in: "bluez") == "hci0")
        #expect(BlueZTransport.adapter(in: "bluez:hci1") == "hci1")
        #expect(BlueZTransport.adapter(in: "bluez:usb") == nil)
        #expect(BlueZTransport.adapter(in: "hci0") == nil)
        #expect(BlueZTransport.adapter(in: "virtual") == nil)
    }

    @Test("a device's advertisement becomes Apple's keys: short UUIDs, company first in manufacturer data")
    func advertisementDictionary() throws {
        let data = BlueZAdvertisement.dictionary(Self.device)
        #expect(data[CBAdvertisementDataLocalNameKey] as? String == "VMThermometer")
        #expect((data[CBAdvertisementDataTxPowerLevelKey] as? NSNumber)?.intValue == 4)
        #expect((data[CBAdvertisementDataIsConnectable] as? NSNumber)?.boolValue == true)
        let services = try #require(data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID])
        #expect(services.map(\.uuidString) == ["1809", "7905F431-B5CE-4E99-A40F-4B1E122D00D0"])
        #expect(data[CBAdvertisementDataManufacturerDataKey] as? Data == Data([0x4C, 0x00, 0x02, 0x15]))
        #expect(data[CBAdvertisementDataServiceDataKey] as? [CBUUID: Data] == [CBUUID(string: "180F"): Data([0x64])])
    }

    @Test("a device with nothing advertised has only the connectable key")
    func emptyAdvertisement() {
        var device = Self.device
        device.name = nil
        device.txPower = nil
        device.serviceUUIDs = []
        device.manufacturerData = [:]
        device.serviceData = [:]
        #expect(Array(BlueZAdvertisement.dictionary(device).keys) == [CBAdvertisementDataIsConnectable])
    }

    @Test("a scan for services matches devices advertising one of them")
    func serviceFilter() {
        #expect(BlueZAdvertisement.matches(Self.device, services: []))
        #expect(BlueZAdvertisement.matches(Self.device, services: [CBUUID(string: "180D"), CBUUID(string: "1809")]))
        #expect(!BlueZAdvertisement.matches(Self.device, services: [CBUUID(string: "180D")]))
    }

    @Test("discovery filters take 128-bit lower-case UUIDs")
    func filterUUIDs() {
        #expect(CBUUID(string: "180D").bluezString == "0000180d-0000-1000-8000-00805f9b34fb")
        #expect(CBUUID(string: "12345678").bluezString == "12345678-0000-1000-8000-00805f9b34fb")
    }

    @Test(
        "BlueZ's GATT errors become the CBATTError or CBError Apple reports",
        arguments: [
            ("org.bluez.Error.Failed", "Operation failed with ATT error: 0x0f", CBATTErrorDomain, 0x0F),
            ("org.bluez.Error.NotPermitted", "Read not permitted", CBATTErrorDomain, 0x02),
            ("org.bluez.Error.NotPermitted", "Write not permitted", CBATTErrorDomain, 0x03),
            ("org.bluez.Error.NotAuthorized", "Operation Not Authorized", CBATTErrorDomain, 0x05),
            ("org.bluez.Error.InvalidValueLength", "Invalid Length", CBATTErrorDomain, 0x0D),
            ("org.bluez.Error.NotSupported", "Operation is not supported", CBATTErrorDomain, 0x06),
            ("org.bluez.Error.Failed", "Not connected", CBErrorDomain, 3),
            ("org.freedesktop.DBus.Error.NoReply", "Did not receive a reply", CBErrorDomain, 6),
            ("org.bluez.Error.Failed", "Operation failed with ATT error: 0x80", CBATTErrorDomain, 0x80),
        ])
    func gattErrors(name: String, message: String, domain: String, code: Int) {
        let error = BlueZError(name: name, message: message).reportedForGATT as NSError
        #expect(error.domain == domain)
        #expect(error.code == code)
    }

    @Test("a failed Device1.Connect is connectionFailed, a missing device unknownDevice")
    func connectErrors() {
        #expect(
            BlueZError(name: "org.bluez.Error.Failed", message: "le-connection-abort-by-local").reportedForConnect.code
                == .connectionFailed)
        #expect(
            BlueZError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "").reportedForConnect.code
                == .unknownDevice)
    }

    @Test("BlueZ's characteristic flags become properties and back")
    func flags() {
        let properties = BlueZGattFlags.properties(["read", "write-without-response", "notify", "encrypt-read"])
        #expect(properties == [.read, .writeWithoutResponse, .notify])
        #expect(BlueZGattFlags.flags([.read, .indicate]) == ["read", "indicate"])
    }
}
