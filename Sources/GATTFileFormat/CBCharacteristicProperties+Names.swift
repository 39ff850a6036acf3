import CoreBluetooth

extension CBCharacteristicProperties {
    /// Each property with its Swift option name, in bit order; the names GATT files and JSON output use.
    package static let named: [(name: String, property: CBCharacteristicProperties)] = [
        ("broadcast", .broadcast), ("read", .read), ("writeWithoutResponse", .writeWithoutResponse),
        ("write", .write), ("notify", .notify), ("indicate", .indicate),
        ("authenticatedSignedWrites", .authenticatedSignedWrites), ("extendedProperties", .extendedProperties),
        ("notifyEncryptionRequired", .notifyEncryptionRequired),
        ("indicateEncryptionRequired", .indicateEncryptionRequired),
    ]

    /// The option names of the properties this set holds, in bit order.
    package var names: [String] {
        Self.named.filter { contains($0.property) }.map(\.name)
    }

    /// The property with a Swift option name, or nil for an unknown name.
    package init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self = entry.property
    }
}

extension CBAttributePermissions {
    /// Each permission with its Swift option name, in bit order; the names GATT files use.
    package static let named: [(name: String, permission: CBAttributePermissions)] = [
        ("readable", .readable), ("writeable", .writeable), ("readEncryptionRequired", .readEncryptionRequired),
        ("writeEncryptionRequired", .writeEncryptionRequired),
    ]

    /// The option names of the permissions this set holds, in bit order.
    package var names: [String] {
        Self.named.filter { contains($0.permission) }.map(\.name)
    }

    /// The permission with a Swift option name, or nil for an unknown name.
    package init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self = entry.permission
    }
}
