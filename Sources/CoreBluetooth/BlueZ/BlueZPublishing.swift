import BlueZ

/// Published services as bluetoothd's application objects: UUIDs in BlueZ's form, `Flags` from the
/// characteristic's properties and permissions, cached values and descriptor values to answer reads with.
enum BlueZPublishing {
    /// The descriptors bluetoothd makes itself for every characteristic that needs them: Extended Properties
    /// (0x2900) and Client Characteristic Configuration (0x2902).
    static let descriptorsBlueZMakes: Set<CBUUID> = [CBUUID(string: "2900"), CBUUID(string: "2902")]

    /// The application objects for `services`, in that order; includes name services earlier in the list.
    static func services(_ services: [CBMutableService]) -> [BlueZLocalService] {
        services.map { service in
            BlueZLocalService(
                uuid: service.uuid.bluezString, isPrimary: service.isPrimary,
                includes: (service.includedServices ?? []).compactMap { included in
                    services.firstIndex { $0 === included }
                },
                characteristics: (service.characteristics ?? []).compactMap { $0 as? CBMutableCharacteristic }.map(
                    characteristic))
        }
    }

    /// A characteristic's object: its flags, its cached value, its descriptors but those bluetoothd makes.
    static func characteristic(_ characteristic: CBMutableCharacteristic) -> BlueZLocalCharacteristic {
        BlueZLocalCharacteristic(
            uuid: characteristic.uuid.bluezString,
            flags: flags(
                characteristic.properties, characteristic.permissions,
                reliableWrite: characteristic.announcedExtendedProperties.contains(.reliableWrite)),
            staticValue: characteristic.value.map(Array.init),
            descriptors: (characteristic.descriptors ?? []).filter { !descriptorsBlueZMakes.contains($0.uuid) }.map {
                descriptor in
                BlueZLocalDescriptor(
                    uuid: descriptor.uuid.bluezString, flags: ["read"],
                    value: CBPeripheralManager.descriptorBytes(descriptor.value))
            })
    }

    /// BlueZ's flags for these properties and permissions: `read` and `write` become `encrypt-read` and
    /// `encrypt-write` when the permissions require encryption for them, and `notify` and `indicate` become
    /// `encrypt-notify` and `encrypt-indicate` when reading does, so that subscribing needs encryption as reading
    /// does; `extended-properties` is left to bluetoothd, which announces it with `reliable-write`.
    static func flags(
        _ properties: CBCharacteristicProperties, _ permissions: CBAttributePermissions, reliableWrite: Bool
    ) -> [String] {
        let readEncrypted = permissions.contains(.readEncryptionRequired)
        let writeEncrypted = permissions.contains(.writeEncryptionRequired)
        var flags = BlueZGattFlags.flags(properties.subtracting([.broadcast, .extendedProperties])).map { flag in
            switch flag {
            case "read" where readEncrypted: "encrypt-read"
            case "write" where writeEncrypted: "encrypt-write"
            case "notify" where readEncrypted: "encrypt-notify"
            case "indicate" where readEncrypted: "encrypt-indicate"
            default: flag
            }
        }
        if reliableWrite { flags.append("reliable-write") }
        return flags
    }
}
