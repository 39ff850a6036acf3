/// A characteristic found in a service: its declaration, its value's handle and where its descriptors end.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3 and 4.6.
public struct DiscoveredCharacteristic: Hashable, Sendable {
    /// The characteristic UUID.
    public var uuid: BluetoothUUID
    /// The handle of the characteristic declaration.
    public var declarationHandle: AttributeHandle
    /// The handle of the characteristic value.
    public var valueHandle: AttributeHandle
    /// The Characteristic Properties bit field from the declaration.
    public var properties: UInt8
    /// The last handle of the characteristic's definition: just before the next declaration, or the service's end.
    public var endHandle: AttributeHandle

    public init(
        uuid: BluetoothUUID, declarationHandle: AttributeHandle, valueHandle: AttributeHandle, properties: UInt8,
        endHandle: AttributeHandle
    ) {
        self.uuid = uuid
        self.declarationHandle = declarationHandle
        self.valueHandle = valueHandle
        self.properties = properties
        self.endHandle = endHandle
    }

    /// The handles after the value where descriptors can lie; empty when the value ends the definition.
    public var descriptorHandles: ClosedRange<AttributeHandle>? {
        guard valueHandle < endHandle else { return nil }
        return AttributeHandle(rawValue: valueHandle.rawValue + 1)...endHandle
    }
}

extension DiscoveredCharacteristic: Codable {
    private enum CodingKeys: String, CodingKey {
        case uuid, declarationHandle, valueHandle, properties, endHandle
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uuid = try GATTClientCoding.decodeUUID(container, forKey: .uuid)
        declarationHandle = try GATTClientCoding.decodeHandle(container, forKey: .declarationHandle)
        valueHandle = try GATTClientCoding.decodeHandle(container, forKey: .valueHandle)
        properties = try container.decode(UInt8.self, forKey: .properties)
        endHandle = try GATTClientCoding.decodeHandle(container, forKey: .endHandle)
        guard declarationHandle < valueHandle, valueHandle <= endHandle else {
            throw DecodingError.dataCorruptedError(
                forKey: .valueHandle, in: container,
                debugDescription: "value handle \(valueHandle) lies outside \(declarationHandle)...\(endHandle)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid.uuidString, forKey: .uuid)
        try container.encode(declarationHandle.rawValue, forKey: .declarationHandle)
        try container.encode(valueHandle.rawValue, forKey: .valueHandle)
        try container.encode(properties, forKey: .properties)
        try container.encode(endHandle.rawValue, forKey: .endHandle)
    }
}
