import Testing

@testable import BlueZ

@Suite("Objects this process exports for bluetoothd", .timeLimit(.minutes(1)))
struct BlueZExportsTests {
    static let thermometer = "00001809-0000-1000-8000-00805f9b34fb"
    static let battery = "0000180f-0000-1000-8000-00805f9b34fb"
    static let application = BlueZGattApplication(
        root: "/org/corebluetooth/gatt1",
        services: [
            BlueZLocalService(
                uuid: battery, isPrimary: false, includes: [],
                characteristics: [
                    BlueZLocalCharacteristic(
                        uuid: "00002a19-0000-1000-8000-00805f9b34fb", flags: ["read"], staticValue: [0x64],
                        descriptors: [])
                ]),
            BlueZLocalService(
                uuid: thermometer, isPrimary: true, includes: [0],
                characteristics: [
                    BlueZLocalCharacteristic(
                        uuid: "00002a21-0000-1000-8000-00805f9b34fb", flags: ["read", "encrypt-write"],
                        staticValue: nil,
                        descriptors: [
                            BlueZLocalDescriptor(
                                uuid: "00002901-0000-1000-8000-00805f9b34fb", flags: ["read"], value: Array("abc".utf8))
                        ])
                ]),
        ])
    static let dynamic = "/org/corebluetooth/gatt1/service1/char0"
    static let cached = "/org/corebluetooth/gatt1/service0/char0"

    static func exports() -> BlueZExports {
        var exports = BlueZExports()
        exports.export(application)
        return exports
    }

    static func call(
        _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []
    ) -> BlueZCallOutcome {
        exports().answer(BlueZMethodCall(path: path, interface: interface, member: member, arguments: arguments))
    }

    @Test("GetManagedObjects lists every service, characteristic and descriptor under the root with BlueZ's properties")
    func managedObjects() throws {
        guard
            case .reply(let arguments) = Self.call(
                Self.application.root, BlueZExports.objectManagerInterface, "GetManagedObjects")
        else { throw BlueZError(name: "test", message: "no reply") }
        var objects = BlueZObjects()
        objects.load(try #require(arguments.first))
        #expect(
            objects.objects.keys.sorted() == [
                "/org/corebluetooth/gatt1/service0", Self.cached, "/org/corebluetooth/gatt1/service1", Self.dynamic,
                Self.dynamic + "/desc0",
            ])
        let service = try #require(objects.properties("/org/corebluetooth/gatt1/service1", "org.bluez.GattService1"))
        #expect(service["UUID"] == .string(Self.thermometer))
        #expect(service["Primary"] == .boolean(true))
        #expect(service["Includes"]?.texts == ["/org/corebluetooth/gatt1/service0"])
        let characteristic = try #require(objects.properties(Self.dynamic, "org.bluez.GattCharacteristic1"))
        #expect(characteristic["Service"] == .objectPath("/org/corebluetooth/gatt1/service1"))
        #expect(characteristic["Flags"]?.texts == ["read", "encrypt-write"])
        let descriptor = try #require(objects.properties(Self.dynamic + "/desc0", "org.bluez.GattDescriptor1"))
        #expect(descriptor["Characteristic"] == .objectPath(Self.dynamic))
        #expect(descriptor["UUID"] == .string("00002901-0000-1000-8000-00805f9b34fb"))
        #expect(Self.application.characteristicPaths == [[Self.cached], [Self.dynamic]])
    }

    @Test("reads of cached values and descriptors are answered here, from their offset; past the end is Invalid Offset")
    func fixedReads() {
        let characteristic = "org.bluez.GattCharacteristic1"
        #expect(Self.call(Self.cached, characteristic, "ReadValue", [.options([:])]) == .reply([.bytes([0x64])]))
        #expect(
            Self.call(
                Self.dynamic + "/desc0", "org.bluez.GattDescriptor1", "ReadValue", [.options(["offset": .uint16(1)])])
                == .reply([.bytes(Array("bc".utf8))]))
        #expect(
            Self.call(Self.cached, characteristic, "ReadValue", [.options(["offset": .uint16(2)])])
                == .failure(.invalidOffset))
        #expect(
            Self.call(Self.cached, characteristic, "WriteValue", [.bytes([1]), .options([:])])
                == .failure(.writeNotPermitted))
    }

    @Test("reads and writes of dynamic values go to the app with the central, offset, MTU and write type")
    func forwardedRequests() {
        let device = "/org/bluez/hci0/dev_C0_11_22_33_44_55"
        #expect(
            Self.call(
                Self.dynamic, "org.bluez.GattCharacteristic1", "ReadValue",
                [.options(["device": .objectPath(device), "offset": .uint16(3), "mtu": .uint16(247)])])
                == .forward(.read(characteristic: Self.dynamic, offset: 3, device: device, mtu: 247), answered: false))
        #expect(
            Self.call(
                Self.dynamic, "org.bluez.GattCharacteristic1", "WriteValue",
                [.bytes([1, 2]), .options(["device": .objectPath(device), "type": .string("command")])])
                == .forward(
                    .write(
                        characteristic: Self.dynamic, value: [1, 2], offset: 0, withResponse: false, device: device,
                        mtu: nil),
                    answered: false))
        var unanswered = BlueZMethodCall(
            path: Self.dynamic, interface: "org.bluez.GattCharacteristic1", member: "WriteValue",
            arguments: [.bytes([3]), .options(["device": .objectPath(device), "mtu": .uint16(23)])])
        #expect(
            Self.exports().answer(unanswered)
                == .forward(
                    .write(
                        characteristic: Self.dynamic, value: [3], offset: 0, withResponse: true, device: device, mtu: 23
                    ),
                    answered: false))
        unanswered.expectsNoReply = true
        #expect(
            Self.exports().answer(unanswered)
                == .forward(
                    .write(
                        characteristic: Self.dynamic, value: [3], offset: 0, withResponse: false, device: device,
                        mtu: 23),
                    answered: false),
            "bluetoothd 5.66 sends every write of a characteristic that takes writes without response so")
        #expect(
            Self.call(Self.dynamic, "org.bluez.GattCharacteristic1", "StartNotify")
                == .forward(.startNotify(characteristic: Self.dynamic), answered: true))
        #expect(
            Self.call(Self.dynamic, "org.bluez.GattCharacteristic1", "StopNotify")
                == .forward(.stopNotify(characteristic: Self.dynamic), answered: true))
    }

    @Test("a characteristic that takes writes without response offers AcquireWrite (WriteAcquired); others refuse it")
    func acquireWrite() {
        var exports = Self.exports()
        exports.export(
            BlueZGattApplication(
                root: "/org/corebluetooth/gatt2",
                services: [
                    BlueZLocalService(
                        uuid: Self.battery, isPrimary: true, includes: [],
                        characteristics: [
                            BlueZLocalCharacteristic(
                                uuid: "00002a19-0000-1000-8000-00805f9b34fb",
                                flags: ["write", "write-without-response"], staticValue: nil, descriptors: [])
                        ])
                ]))
        let sink = "/org/corebluetooth/gatt2/service0/char0"
        let characteristic = "org.bluez.GattCharacteristic1"
        #expect(exports.objects[sink]?[characteristic]?["WriteAcquired"] == .boolean(false))
        #expect(exports.objects[Self.dynamic]?[characteristic]?["WriteAcquired"] == nil)
        let device = "/org/bluez/hci0/dev_C0_11_22_33_44_55"
        let options = DBusValue.options(["device": .objectPath(device), "mtu": .uint16(185), "link": .string("LE")])
        #expect(
            exports.answer(
                BlueZMethodCall(path: sink, interface: characteristic, member: "AcquireWrite", arguments: [options]))
                == .acquireWrite(characteristic: sink, device: device, mtu: 185))
        guard
            case .failure(let error) = exports.answer(
                BlueZMethodCall(
                    path: Self.dynamic, interface: characteristic, member: "AcquireWrite", arguments: [options]))
        else {
            Issue.record("AcquireWrite of a characteristic without write-without-response was not refused")
            return
        }
        #expect(error.name == "org.freedesktop.DBus.Error.UnknownMethod")
    }

    @Test("an advertisement is a peripheral LEAdvertisement1 with its name and services, gone once withdrawn")
    func advertisement() {
        var exports = BlueZExports()
        let path = "/org/corebluetooth/advertisement2"
        exports.export(BlueZLocalAdvertisement(localName: "Thermo", serviceUUIDs: [Self.thermometer]), at: path)
        let getAll = BlueZMethodCall(
            path: path, interface: BlueZExports.propertiesInterface, member: "GetAll",
            arguments: [.string(BlueZExports.advertisementInterface)])
        #expect(
            exports.answer(getAll)
                == .reply([
                    .options([
                        "Type": .string("peripheral"), "LocalName": .string("Thermo"),
                        "ServiceUUIDs": .array(element: "s", [.string(Self.thermometer)]),
                    ])
                ]))
        #expect(
            exports.answer(
                BlueZMethodCall(
                    path: path, interface: BlueZExports.advertisementInterface, member: "Release", arguments: []))
                == .forward(.release(path: path), answered: true))
        exports.withdraw(path)
        guard case .failure(let error) = exports.answer(getAll) else {
            Issue.record("a withdrawn advertisement still answered")
            return
        }
        #expect(error.name == "org.freedesktop.DBus.Error.UnknownMethod")
    }

    @Test("withdrawing an application's root removes every object under it and nothing else")
    func withdraw() {
        var exports = Self.exports()
        exports.export(
            BlueZLocalAdvertisement(localName: nil, serviceUUIDs: []), at: "/org/corebluetooth/advertisement9")
        exports.withdraw(Self.application.root)
        #expect(exports.objects.keys.sorted() == ["/org/corebluetooth/advertisement9"])
    }
}
