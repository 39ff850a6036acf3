/// What a client has discovered of a peer's GATT database, kept across connections to a bonded peer.
///
/// Services are held in handle order without overlap; each remembers its included services,
/// characteristics and their descriptors once discovered (nil until then). The Database Hash tells,
/// on reconnection, whether the cache still matches the server; a Service Changed indication names
/// the handles to forget. The JSON form is what gets stored per bonded peer.
///
/// Bluetooth Core Specification Vol 3, Part G, 2.5.2, 7.1 and 7.3.
public struct GATTDatabaseCache: Hashable, Sendable {
    /// A cached service and what is known of its contents.
    public struct Service: Hashable, Sendable, Codable {
        /// The service itself.
        public var service: DiscoveredService
        /// Its included services, or nil if not yet discovered.
        public var includedServices: [DiscoveredIncludedService]?
        /// Its characteristics, or nil if not yet discovered.
        public var characteristics: [Characteristic]?

        public init(
            service: DiscoveredService, includedServices: [DiscoveredIncludedService]? = nil,
            characteristics: [Characteristic]? = nil
        ) {
            self.service = service
            self.includedServices = includedServices
            self.characteristics = characteristics
        }
    }

    /// A cached characteristic and its descriptors.
    public struct Characteristic: Hashable, Sendable, Codable {
        /// The characteristic itself.
        public var characteristic: DiscoveredCharacteristic
        /// Its descriptors, or nil if not yet discovered.
        public var descriptors: [DiscoveredDescriptor]?

        public init(characteristic: DiscoveredCharacteristic, descriptors: [DiscoveredDescriptor]? = nil) {
            self.characteristic = characteristic
            self.descriptors = descriptors
        }
    }

    /// The server's Database Hash when the cache was filled, or nil if unknown or since invalidated.
    public var databaseHash: [UInt8]?
    /// The cached services in handle order.
    public private(set) var services: [Service] = []

    /// Makes a cache holding `services` (overlapping ones replace earlier ones) and `databaseHash`.
    public init(services: [DiscoveredService] = [], databaseHash: [UInt8]? = nil) {
        self.databaseHash = databaseHash
        record(services: services)
    }

    /// The cached service whose handles include `handle`.
    public func service(containing handle: AttributeHandle) -> Service? {
        services.first { $0.service.handleRange.contains(handle) }
    }

    /// Records discovered services; each replaces the cached services it overlaps, unless it is one of them.
    public mutating func record(services discovered: [DiscoveredService]) {
        for service in discovered where !services.contains(where: { $0.service == service }) {
            services.removeAll { $0.service.handleRange.overlaps(service.handleRange) }
            services.append(Service(service: service))
        }
        services.sort { $0.service.handleRange.lowerBound < $1.service.handleRange.lowerBound }
    }

    /// Records the included services of a cached service; false if `service` is not cached.
    @discardableResult
    public mutating func record(includedServices: [DiscoveredIncludedService], in service: DiscoveredService) -> Bool {
        guard let index = services.firstIndex(where: { $0.service == service }) else { return false }
        services[index].includedServices = includedServices
        return true
    }

    /// Records all the characteristics of a cached service, forgetting their descriptors;
    /// false if `service` is not cached.
    @discardableResult
    public mutating func record(characteristics: [DiscoveredCharacteristic], in service: DiscoveredService) -> Bool {
        guard let index = services.firstIndex(where: { $0.service == service }) else { return false }
        services[index].characteristics = characteristics.map { Characteristic(characteristic: $0) }
        return true
    }

    /// Records the descriptors of a cached characteristic; false if `characteristic` is not cached.
    @discardableResult
    public mutating func record(
        descriptors: [DiscoveredDescriptor], for characteristic: DiscoveredCharacteristic
    )
        -> Bool
    {
        guard
            let serviceIndex = services.firstIndex(where: {
                $0.service.handleRange.contains(characteristic.valueHandle)
            }),
            var characteristics = services[serviceIndex].characteristics
        else { return false }
        for index in characteristics.indices where characteristics[index].characteristic == characteristic {
            characteristics[index].descriptors = descriptors
            services[serviceIndex].characteristics = characteristics
            return true
        }
        return false
    }

    /// Forgets every service that overlaps `range`, as a Service Changed indication asks, and the Database Hash;
    /// returns the services forgotten.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.1.
    @discardableResult
    public mutating func invalidate(range: ClosedRange<AttributeHandle>) -> [DiscoveredService] {
        let removed = services.filter { $0.service.handleRange.overlaps(range) }.map(\.service)
        services.removeAll { $0.service.handleRange.overlaps(range) }
        databaseHash = nil
        return removed
    }
}

extension GATTDatabaseCache: Codable {
    /// The version of the JSON form this code writes and reads.
    public static let formatVersion = 1

    private enum CodingKeys: String, CodingKey {
        case version, databaseHash, services
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "unknown cache format version \(version)")
        }
        if let hex = try container.decodeIfPresent(String.self, forKey: .databaseHash) {
            guard let hash = Self.bytes(hex: hex) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .databaseHash, in: container, debugDescription: "not hex: \(hex)")
            }
            databaseHash = hash
        }
        let decoded = try container.decode([Service].self, forKey: .services)
        let sorted = decoded.sorted { $0.service.handleRange.lowerBound < $1.service.handleRange.lowerBound }
        for (earlier, later) in zip(sorted, sorted.dropFirst())
        where earlier.service.handleRange.overlaps(later.service.handleRange) {
            throw DecodingError.dataCorruptedError(
                forKey: .services, in: container,
                debugDescription: "services at \(earlier.service.handleRange) and \(later.service.handleRange) overlap")
        }
        services = sorted
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encodeIfPresent(databaseHash.map(Self.hex(bytes:)), forKey: .databaseHash)
        try container.encode(services, forKey: .services)
    }

    private static func hex(bytes: [UInt8]) -> String {
        bytes.map { String(repeating: "0", count: $0 < 0x10 ? 1 : 0) + String($0, radix: 16) }.joined()
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
