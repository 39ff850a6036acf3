import Testing

@testable import BlueZ

@Suite("BlueZ object tree", .timeLimit(.minutes(1)))
struct BlueZObjectsTests {
    static let device = "/org/bluez/hci0/dev_C0_11_22_33_44_55"

    /// `a{sa{sv}}`: interfaces with their properties.
    static func interfaces(_ interfaces: [String: [String: DBusValue]]) -> DBusValue {
        .dictionary(
            key: "s", value: "a{sv}",
            interfaces.sorted { $0.key < $1.key }.map {
                DBusDictionaryEntry(key: .string($0.key), value: .options($0.value))
            })
    }

    static func add(
        _ objects: inout BlueZObjects, _ path: String, _ interface: String, _ properties: [String: DBusValue]
    ) {
        objects.add(path: path, interfaces: interfaces([interface: properties]))
    }

    @Test("every change to an object counts toward its revision, a change to another object or interface does not")
    func revisions() {
        var objects = BlueZObjects()
        let other = "/org/bluez/hci0/dev_C0_11_22_33_44_66"
        #expect(objects.revision(of: Self.device) == 0)
        Self.add(&objects, Self.device, "org.bluez.Device1", ["Connected": .boolean(false)])
        Self.add(&objects, other, "org.bluez.Device1", ["Connected": .boolean(false)])
        let added = objects.revision(of: Self.device)
        objects.change(
            path: other, interface: "org.bluez.Device1", changed: .options(["Connected": .boolean(true)]),
            invalidated: [])
        objects.change(
            path: Self.device, interface: "org.bluez.Battery1", changed: .options(["Percentage": .byte(90)]),
            invalidated: [])
        #expect(objects.revision(of: Self.device) == added)
        objects.change(
            path: Self.device, interface: "org.bluez.Device1", changed: .options(["Connected": .boolean(true)]),
            invalidated: [])
        #expect(objects.revision(of: Self.device) == added + 1)
        objects.remove(path: Self.device, interfaces: ["org.bluez.Device1"])
        #expect(objects.revision(of: Self.device) == added + 2)
    }

    @Test("a device's properties become typed, manufacturer and service data by key")
    func deviceProperties() {
        let device = BlueZDevice(
            path: Self.device,
            properties: [
                "Address": .string("C0:11:22:33:44:55"), "AddressType": .string("random"), "Name": .string("Thermo"),
                "RSSI": .int16(-61), "TxPower": .int16(4), "Connected": .boolean(true),
                "UUIDs": .array(element: "s", [.string("00001809-0000-1000-8000-00805f9b34fb")]),
                "ManufacturerData": .dictionary(
                    key: "q", value: "v", [DBusDictionaryEntry(key: .uint16(0xFFFF), value: .variant(.bytes([1, 2])))]),
                "ServiceData": .dictionary(
                    key: "s", value: "v",
                    [
                        DBusDictionaryEntry(
                            key: .string("0000180f-0000-1000-8000-00805f9b34fb"), value: .variant(.bytes([0x64])))
                    ]),
            ])
        #expect(device.address == "C0:11:22:33:44:55")
        #expect(device.isRandomAddress)
        #expect(device.name == "Thermo")
        #expect(device.rssi == -61)
        #expect(device.txPower == 4)
        #expect(device.isConnected)
        #expect(!device.servicesResolved)
        #expect(device.manufacturerData == [0xFFFF: [1, 2]])
        #expect(device.serviceData == ["0000180f-0000-1000-8000-00805f9b34fb": [0x64]])
        #expect(device.serviceUUIDs == ["00001809-0000-1000-8000-00805f9b34fb"])
    }

    @Test("PropertiesChanged changes values, drops invalidated ones and names both")
    func propertiesChanged() {
        var objects = BlueZObjects()
        Self.add(&objects, Self.device, "org.bluez.Device1", ["RSSI": .int16(-70), "Name": .string("a")])
        let changed = objects.change(
            path: Self.device, interface: "org.bluez.Device1", changed: .options(["Name": .string("b")]),
            invalidated: ["RSSI"])
        #expect(changed == ["Name", "RSSI"])
        #expect(objects.properties(Self.device, "org.bluez.Device1") == ["Name": .string("b")])
        #expect(
            objects.change(path: "/nowhere", interface: "org.bluez.Device1", changed: .options([:]), invalidated: [])
                .isEmpty)
    }

    @Test("an object goes with its last interface")
    func interfacesRemoved() {
        var objects = BlueZObjects()
        Self.add(&objects, Self.device, "org.bluez.Device1", [:])
        Self.add(&objects, Self.device, "org.freedesktop.DBus.Properties", [:])
        objects.remove(path: Self.device, interfaces: ["org.bluez.Device1"])
        #expect(objects.paths(with: "org.bluez.Device1").isEmpty)
        #expect(objects.objects[Self.device] != nil)
        objects.remove(path: Self.device, interfaces: ["org.freedesktop.DBus.Properties"])
        #expect(objects.objects[Self.device] == nil)
    }

    @Test("GATT objects become services, characteristics and descriptors in handle order, of their own device only")
    func gattTree() {
        var objects = BlueZObjects()
        let service1 = Self.device + "/service000a"
        let service2 = Self.device + "/service0010"
        Self.add(
            &objects, service2, "org.bluez.GattService1",
            [
                "UUID": .string("0000180f-0000-1000-8000-00805f9b34fb"), "Device": .objectPath(Self.device),
                "Primary": .boolean(true),
            ])
        Self.add(
            &objects, service1, "org.bluez.GattService1",
            [
                "UUID": .string("00001809-0000-1000-8000-00805f9b34fb"), "Device": .objectPath(Self.device),
                "Primary": .boolean(true),
            ])
        Self.add(
            &objects, "/org/bluez/hci0/dev_00_00_00_00_00_01/service0001", "org.bluez.GattService1",
            [
                "UUID": .string("00001800-0000-1000-8000-00805f9b34fb"),
                "Device": .objectPath("/org/bluez/hci0/dev_00_00_00_00_00_01"),
            ])
        Self.add(
            &objects, service1 + "/char000e", "org.bluez.GattCharacteristic1",
            [
                "UUID": .string("00002a21-0000-1000-8000-00805f9b34fb"), "Service": .objectPath(service1),
                "Flags": .array(element: "s", [.string("read"), .string("write")]), "MTU": .uint16(247),
            ])
        Self.add(
            &objects, service1 + "/char000b", "org.bluez.GattCharacteristic1",
            [
                "UUID": .string("00002a1c-0000-1000-8000-00805f9b34fb"), "Service": .objectPath(service1),
                "Flags": .array(element: "s", [.string("notify")]),
            ])
        Self.add(
            &objects, service1 + "/char000b/desc000d", "org.bluez.GattDescriptor1",
            [
                "UUID": .string("00002902-0000-1000-8000-00805f9b34fb"),
                "Characteristic": .objectPath(service1 + "/char000b"),
            ])
        let services = BlueZGattTree.services(of: Self.device, in: objects)
        #expect(services.map(\.path) == [service1, service2])
        #expect(services[0].characteristics.map(\.path) == [service1 + "/char000b", service1 + "/char000e"])
        #expect(services[0].characteristics[1].flags == ["read", "write"])
        #expect(services[0].characteristics[1].mtu == 247)
        #expect(services[0].characteristics[0].descriptors.map(\.uuid) == ["00002902-0000-1000-8000-00805f9b34fb"])
        #expect(services[1].characteristics.isEmpty)
    }

    @Test("a GATT object's handle is the four hex digits that end its path")
    func handles() {
        #expect(BlueZGattPath.handle(of: "/org/bluez/hci0/dev_AA/service00fe") == 0xFE)
        #expect(BlueZGattPath.handle(of: "/org/bluez/hci0/dev_AA/service000a/char000b/desc000d") == 0x0D)
        #expect(BlueZGattPath.handle(of: "") == 0)
    }
}
