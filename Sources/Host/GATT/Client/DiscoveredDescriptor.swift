/// A characteristic descriptor found after a characteristic's value.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3 and 4.7.1.
public struct DiscoveredDescriptor: Hashable, Sendable {
    /// The descriptor's type.
    public var uuid: BluetoothUUID
    /// The descriptor's handle.
    public var handle: AttributeHandle

    public init(uuid: BluetoothUUID, handle: AttributeHandle) {
        self.uuid = uuid
        self.handle = handle
    }

    /// Whether this is the Client Characteristic Configuration descriptor, which turns on notifications.
    public var isClientCharacteristicConfiguration: Bool {
        uuid == GATTClientAttributeType.clientCharacteristicConfiguration
    }
}

extension DiscoveredDescriptor: Codable {
    private enum CodingKeys: String, CodingKey {
        case uuid, handle
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uuid = try GATTClientCoding.decodeUUID(container, forKey: .uuid)
        handle = try GATTClientCoding.decodeHandle(container, forKey: .handle)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid.uuidString, forKey: .uuid)
        try container.encode(handle.rawValue, forKey: .handle)
    }
}
