/// A service found on a peer's GATT server: its type and the handles its definition spans.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.1 and 4.4.
public struct DiscoveredService: Hashable, Sendable {
    /// The service UUID.
    public var uuid: BluetoothUUID
    /// From the service declaration to the service's last attribute.
    public var handleRange: ClosedRange<AttributeHandle>
    /// Whether the service is primary rather than secondary.
    public var isPrimary: Bool

    public init(uuid: BluetoothUUID, handleRange: ClosedRange<AttributeHandle>, isPrimary: Bool = true) {
        self.uuid = uuid
        self.handleRange = handleRange
        self.isPrimary = isPrimary
    }
}

extension DiscoveredService: Codable {
    private enum CodingKeys: String, CodingKey {
        case uuid, startHandle, endHandle, isPrimary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uuid = try GATTClientCoding.decodeUUID(container, forKey: .uuid)
        handleRange = try GATTClientCoding.decodeRange(container, start: .startHandle, end: .endHandle)
        isPrimary = try container.decode(Bool.self, forKey: .isPrimary)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid.uuidString, forKey: .uuid)
        try container.encode(handleRange.lowerBound.rawValue, forKey: .startHandle)
        try container.encode(handleRange.upperBound.rawValue, forKey: .endHandle)
        try container.encode(isPrimary, forKey: .isPrimary)
    }
}
