/// Describes one service to put in an attribute database.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.1 and 3.2.
public struct ServiceDefinition: Hashable, Sendable {
    /// Names a service so that others can include it even when several share a UUID.
    public struct ID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.init(rawValue: value) }
    }

    /// Points at a service to include: by its ID, or by UUID (the first service with that UUID).
    public enum Reference: Hashable, Sendable {
        /// The service with this ID.
        case id(ID)
        /// The first service, in handle order, with this UUID.
        case uuid(BluetoothUUID)
    }

    /// The name other services include this one by, if any.
    public var id: ID?
    /// The service's type.
    public var uuid: BluetoothUUID
    /// Whether the service is primary (0x2800) rather than secondary (0x2801).
    public var isPrimary: Bool
    /// The services this one includes, in order.
    public var includedServices: [Reference]
    /// The characteristics, in order.
    public var characteristics: [CharacteristicDefinition]

    public init(
        id: ID? = nil, uuid: BluetoothUUID, isPrimary: Bool = true, includedServices: [Reference] = [],
        characteristics: [CharacteristicDefinition] = []
    ) {
        self.id = id
        self.uuid = uuid
        self.isPrimary = isPrimary
        self.includedServices = includedServices
        self.characteristics = characteristics
    }

    /// How many attributes the service takes.
    var attributeCount: Int {
        1 + includedServices.count + characteristics.reduce(0) { $0 + $1.attributeCount }
    }
}
