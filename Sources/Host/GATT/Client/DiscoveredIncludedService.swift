/// A service that another service includes, as its include declaration describes it.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.2 and 4.5.1.
public struct DiscoveredIncludedService: Hashable, Sendable {
    /// The handle of the include declaration inside the including service.
    public var declarationHandle: AttributeHandle
    /// The included service's UUID.
    public var uuid: BluetoothUUID
    /// The handles the included service's definition spans.
    public var handleRange: ClosedRange<AttributeHandle>

    public init(declarationHandle: AttributeHandle, uuid: BluetoothUUID, handleRange: ClosedRange<AttributeHandle>) {
        self.declarationHandle = declarationHandle
        self.uuid = uuid
        self.handleRange = handleRange
    }
}

extension DiscoveredIncludedService: Codable {
    private enum CodingKeys: String, CodingKey {
        case declarationHandle, uuid, startHandle, endHandle
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        declarationHandle = try GATTClientCoding.decodeHandle(container, forKey: .declarationHandle)
        uuid = try GATTClientCoding.decodeUUID(container, forKey: .uuid)
        handleRange = try GATTClientCoding.decodeRange(container, start: .startHandle, end: .endHandle)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(declarationHandle.rawValue, forKey: .declarationHandle)
        try container.encode(uuid.uuidString, forKey: .uuid)
        try container.encode(handleRange.lowerBound.rawValue, forKey: .startHandle)
        try container.encode(handleRange.upperBound.rawValue, forKey: .endHandle)
    }
}
