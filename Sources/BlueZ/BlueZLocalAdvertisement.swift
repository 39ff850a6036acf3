/// What this process asks bluetoothd to advertise (`LEAdvertisingManager1.RegisterAdvertisement`): a connectable
/// advertisement with a local name and service UUIDs, as the `LEAdvertisement1` object's properties.
public struct BlueZLocalAdvertisement: Equatable, Sendable {
    /// The local name, when one is advertised.
    public var localName: String?
    /// The service UUIDs, as BlueZ writes them (128-bit, lower case).
    public var serviceUUIDs: [String]

    /// An advertisement of this name and these services.
    public init(localName: String?, serviceUUIDs: [String]) {
        self.localName = localName
        self.serviceUUIDs = serviceUUIDs
    }

    /// The `LEAdvertisement1` properties: a `peripheral` (connectable, general discoverable) advertisement.
    var properties: [String: DBusValue] {
        var properties: [String: DBusValue] = [
            "Type": .string("peripheral"),
            "ServiceUUIDs": .array(element: "s", serviceUUIDs.map(DBusValue.string)),
        ]
        if let localName { properties["LocalName"] = .string(localName) }
        return properties
    }
}
