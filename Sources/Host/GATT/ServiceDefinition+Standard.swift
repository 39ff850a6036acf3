extension ServiceDefinition {
    /// The Generic Access service: the device name (UTF-8, cut to whole characters within 248 bytes) and the
    /// appearance, both read-only.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 12.
    public static func genericAccess(deviceName: String, appearance: UInt16 = 0) -> ServiceDefinition {
        var name = Substring(deviceName)
        while name.utf8.count > 248 { name = name.dropLast() }
        return ServiceDefinition(
            uuid: .genericAccessService,
            characteristics: [
                CharacteristicDefinition(
                    uuid: .deviceName, properties: .read, permissions: .readable,
                    value: .static(Array(name.utf8))),
                CharacteristicDefinition(
                    uuid: .appearance, properties: .read, permissions: .readable,
                    value: .static([UInt8(truncatingIfNeeded: appearance), UInt8(appearance >> 8)])),
            ])
    }

    /// The Generic Attribute service: Service Changed, Client Supported Features and Database Hash,
    /// whose values the GATT server keeps itself.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.
    public static let genericAttribute = ServiceDefinition(
        uuid: .genericAttributeService,
        characteristics: [
            CharacteristicDefinition(uuid: .serviceChanged, properties: .indicate, permissions: []),
            CharacteristicDefinition(
                uuid: .clientSupportedFeatures, properties: [.read, .write], permissions: [.readable, .writeable]),
            CharacteristicDefinition(uuid: .databaseHash, properties: .read, permissions: .readable),
        ])
}
