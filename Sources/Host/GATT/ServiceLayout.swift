/// Where a service landed in an attribute database: its handle range and those of its parts.
public struct ServiceLayout: Hashable, Sendable {
    /// The ID of the definition the service came from, if it had one.
    public let id: ServiceDefinition.ID?
    /// The service's type.
    public let uuid: BluetoothUUID
    /// Whether the service is primary.
    public let isPrimary: Bool
    /// The service declaration's handle through the service's last handle.
    public let handles: ClosedRange<AttributeHandle>
    /// The declaration handles of the services it includes, in order.
    public let includedServices: [AttributeHandle]
    /// The characteristics, in handle order.
    public let characteristics: [CharacteristicLayout]

    /// The characteristic with `uuid`, the first one if several share it.
    public func characteristic(_ uuid: BluetoothUUID) -> CharacteristicLayout? {
        characteristics.first { $0.uuid == uuid }
    }
}

/// Where a characteristic landed in an attribute database.
public struct CharacteristicLayout: Hashable, Sendable {
    /// The characteristic's type.
    public let uuid: BluetoothUUID
    /// The properties the declaration announces.
    public let properties: CharacteristicProperties
    /// The handle of the characteristic declaration.
    public let declarationHandle: AttributeHandle
    /// The handle of the characteristic value.
    public let valueHandle: AttributeHandle
    /// The CCCD's handle, when the characteristic notifies or indicates.
    public let clientConfigurationHandle: AttributeHandle?
    /// The descriptors, the automatic ones included, in handle order.
    public let descriptors: [DescriptorLayout]
    /// The declaration's handle through the characteristic's last handle.
    public let handles: ClosedRange<AttributeHandle>

    /// The descriptor with `uuid`, the first one if several share it.
    public func descriptor(_ uuid: BluetoothUUID) -> DescriptorLayout? {
        descriptors.first { $0.uuid == uuid }
    }
}

/// Where a descriptor landed in an attribute database.
public struct DescriptorLayout: Hashable, Sendable {
    /// The descriptor's type.
    public let uuid: BluetoothUUID
    /// The descriptor's handle.
    public let handle: AttributeHandle
}
