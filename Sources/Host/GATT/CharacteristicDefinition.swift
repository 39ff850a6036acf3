/// Describes one characteristic to put in an attribute database: declaration, value and descriptors.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.
public struct CharacteristicDefinition: Hashable, Sendable {
    /// The characteristic's type.
    public var uuid: BluetoothUUID
    /// What the declaration announces; notify or indicate adds a CCCD.
    public var properties: CharacteristicProperties
    /// Who may read and write the value.
    public var permissions: AttributePermissions
    /// The value: a constant, or one the application supplies.
    public var value: AttributeValue
    /// The descriptors after the automatic ones, in order.
    public var descriptors: [DescriptorDefinition]
    /// Extended properties to announce; a writable User Description adds writable auxiliaries by itself.
    public var extendedProperties: CharacteristicExtendedProperties

    public init(
        uuid: BluetoothUUID, properties: CharacteristicProperties, permissions: AttributePermissions,
        value: AttributeValue = .dynamic, descriptors: [DescriptorDefinition] = [],
        extendedProperties: CharacteristicExtendedProperties = []
    ) {
        self.uuid = uuid
        self.properties = properties
        self.permissions = permissions
        self.value = value
        self.descriptors = descriptors
        self.extendedProperties = extendedProperties
    }

    /// The extended properties the 0x2900 descriptor carries, including writable auxiliaries when implied.
    var effectiveExtendedProperties: CharacteristicExtendedProperties {
        var result = extendedProperties
        let writableDescription = descriptors.contains {
            $0.uuid == .characteristicUserDescription && !$0.permissions.isDisjoint(with: .anyWrite)
        }
        if writableDescription { result.insert(.writableAuxiliaries) }
        return result
    }

    /// Whether the characteristic gets a Characteristic Extended Properties descriptor.
    var hasExtendedPropertiesDescriptor: Bool {
        properties.contains(.extendedProperties) || !effectiveExtendedProperties.isEmpty
    }

    /// Whether the characteristic gets a CCCD.
    var hasClientConfiguration: Bool {
        properties.supportsNotifications || properties.supportsIndications
    }

    /// How many attributes the characteristic takes: declaration, value and descriptors.
    var attributeCount: Int {
        2 + (hasClientConfiguration ? 1 : 0) + (hasExtendedPropertiesDescriptor ? 1 : 0) + descriptors.count
    }
}
