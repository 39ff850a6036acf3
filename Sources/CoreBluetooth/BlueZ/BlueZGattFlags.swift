/// BlueZ's names for characteristic properties (`GattCharacteristic1.Flags`), as `CBCharacteristicProperties`.
enum BlueZGattFlags {
    private static let table: [(String, CBCharacteristicProperties)] = [
        ("broadcast", .broadcast), ("read", .read), ("write-without-response", .writeWithoutResponse),
        ("write", .write), ("notify", .notify), ("indicate", .indicate),
        ("authenticated-signed-writes", .authenticatedSignedWrites), ("extended-properties", .extendedProperties),
    ]

    /// The properties the flags name; flags for permissions and auxiliary writes carry none.
    static func properties(_ flags: [String]) -> CBCharacteristicProperties {
        var properties: CBCharacteristicProperties = []
        for (name, property) in table where flags.contains(name) { properties.insert(property) }
        return properties
    }

    /// The flags naming the properties, for characteristics this process publishes.
    static func flags(_ properties: CBCharacteristicProperties) -> [String] {
        table.filter { properties.contains($0.1) }.map(\.0)
    }
}
