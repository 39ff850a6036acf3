import HCI
import Host

/// The GATT database of bumble/gatt_profile.py in our terms, for our server and client to stand in
/// for Bumble's: the same UUIDs, properties, descriptor texts and values.
enum InteropProfile {
    static let serverName = "InteropGATT"
    static let serverAddress = BluetoothAddress(rawValue: 0xC0DE_C0FF_EE01)
    static let clientAddress = BluetoothAddress(rawValue: 0xC0DE_C0FF_EE02)

    static let includedService = BluetoothUUID(uuid16: 0xFFE0)
    static let includedCharacteristic = BluetoothUUID(uuid16: 0xFFE1)
    static let primaryService = BluetoothUUID(uuid16: 0xFFF0)
    static let longRead = BluetoothUUID(uuid16: 0xFFF1)
    static let writable = BluetoothUUID(uuid16: 0xFFF2)
    static let reliable = BluetoothUUID(uuid16: 0xFFF3)
    static let notify = BluetoothUUID(uuid16: 0xFFF4)
    static let indicate = BluetoothUUID(uuid16: 0xFFF5)
    static let wideService = uuid("9F1C0000-4B6E-4A2E-9C1D-2F3B5A7C8E01")
    static let wideCharacteristic = uuid("9F1C0001-4B6E-4A2E-9C1D-2F3B5A7C8E01")

    static let includedValue = Array("included".utf8)
    static let longValue = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
    static let writeValue: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05]
    static let longWriteValue = (0..<100).map { UInt8(truncatingIfNeeded: $0 * 13 + 5) }
    static let notifyValue: [UInt8] = [0x11, 0x22, 0x33, 0x44]
    static let indicateValue: [UInt8] = [0x55, 0x66, 0x77, 0x88]
    static let wideValue = Array("wide".utf8)

    static let descriptions: [BluetoothUUID: String] = [
        includedCharacteristic: "Included", longRead: "Long value", writable: "Writable", reliable: "Reliable write",
        notify: "Notify", indicate: "Indicate", wideCharacteristic: "128-bit",
    ]

    private static func uuid(_ text: String) -> BluetoothUUID {
        guard let uuid = BluetoothUUID(string: text) else { preconditionFailure("bad UUID \(text)") }
        return uuid
    }

    private static func characteristic(
        _ uuid: BluetoothUUID, _ properties: CharacteristicProperties, _ permissions: AttributePermissions,
        value: AttributeValue = .dynamic, extended: CharacteristicExtendedProperties = []
    ) -> CharacteristicDefinition {
        CharacteristicDefinition(
            uuid: uuid, properties: properties, permissions: permissions, value: value,
            descriptors: [.userDescription(descriptions[uuid] ?? "")], extendedProperties: extended)
    }

    /// The services in gatt_profile.py's order: the included service first, then the one including it.
    static let services: [ServiceDefinition] = [
        ServiceDefinition(
            id: "included", uuid: includedService,
            characteristics: [characteristic(includedCharacteristic, .read, .readable, value: .static(includedValue))]),
        ServiceDefinition(
            uuid: primaryService, includedServices: [.id("included")],
            characteristics: [
                characteristic(longRead, .read, .readable, value: .static(longValue)),
                characteristic(writable, [.read, .write], [.readable, .writeable]),
                characteristic(reliable, [.read, .write], [.readable, .writeable], extended: .reliableWrite),
                characteristic(notify, .notify, .readable),
                characteristic(indicate, .indicate, .readable),
            ]),
        ServiceDefinition(
            uuid: wideService,
            characteristics: [characteristic(wideCharacteristic, .read, .readable, value: .static(wideValue))]),
    ]
}
