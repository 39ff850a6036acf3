import CoreBluetooth
import Foundation

/// A simulated peripheral, written in Swift: what it advertises, its GATT database and how it answers requests.
///
/// A ``Simulation`` runs it on its own virtual controller, so the app's `CBCentralManager` finds it, connects and
/// talks to it over the real protocol (advertising, ATT, GATT, the link layer of the simulation's air).
public struct PeripheralSpec: Sendable {
    /// The name it advertises and serves as its GAP Device Name.
    public var name: String?
    /// Its static random address (`C0:FF:EE:00:00:01`); the simulation gives one when nil.
    public var address: String?
    /// The service UUIDs it advertises.
    public var advertisedServices: [CBUUID]
    /// The manufacturer-specific data it advertises (company identifier first, little-endian).
    public var manufacturerData: Data?
    /// Milliseconds between its advertising events (20 to 10240).
    public var advertisingInterval: Int
    /// Its GATT database, published in this order.
    public var services: [ServiceSpec]
    /// How it answers each read and write; ``PeripheralResponse/standard`` by default.
    public var responder: @Sendable (PeripheralRequest) -> PeripheralResponse

    /// A peripheral spec; every part but the name has a default.
    public init(
        name: String?, address: String? = nil, advertisedServices: [CBUUID] = [], manufacturerData: Data? = nil,
        advertisingInterval: Int = 100, services: [ServiceSpec] = [],
        responder: @escaping @Sendable (PeripheralRequest) -> PeripheralResponse = { _ in .standard }
    ) {
        self.name = name
        self.address = address
        self.advertisedServices = advertisedServices
        self.manufacturerData = manufacturerData
        self.advertisingInterval = advertisingInterval
        self.services = services
        self.responder = responder
    }
}

/// A service of a ``PeripheralSpec``.
public struct ServiceSpec: Sendable {
    /// The service's UUID.
    public var uuid: CBUUID
    /// Whether it is a primary service.
    public var primary: Bool
    /// Its characteristics, in order.
    public var characteristics: [CharacteristicSpec]

    /// A service; primary by default.
    public init(_ uuid: CBUUID, primary: Bool = true, characteristics: [CharacteristicSpec]) {
        self.uuid = uuid
        self.primary = primary
        self.characteristics = characteristics
    }
}

/// A characteristic of a ``ServiceSpec``; its value is dynamic (the responder answers reads) and starts at `value`.
public struct CharacteristicSpec: Sendable {
    /// The characteristic's UUID.
    public var uuid: CBUUID
    /// What a central may do with it.
    public var properties: CBCharacteristicProperties
    /// Who may read and write its value.
    public var permissions: CBAttributePermissions
    /// The value reads get until something writes or updates it.
    public var value: Data

    /// A characteristic; readable and writeable by default, with an empty value.
    public init(
        _ uuid: CBUUID, properties: CBCharacteristicProperties,
        permissions: CBAttributePermissions = [.readable, .writeable], value: Data = Data()
    ) {
        self.uuid = uuid
        self.properties = properties
        self.permissions = permissions
        self.value = value
    }
}

/// A request a central made of a simulated peripheral, as its responder sees it.
public enum PeripheralRequest: Sendable, Equatable {
    /// A read of a characteristic's value from `offset` (a long read's later parts start past 0).
    case read(CBUUID, offset: Int)
    /// A write (with response) of `value` to a characteristic.
    case write(CBUUID, value: Data)
}

/// How a simulated peripheral answers one request.
public indirect enum PeripheralResponse: Sendable {
    /// Reads get the characteristic's current value; writes replace it.
    case standard
    /// Reads get this value (writes are accepted and replace the value with it).
    case value(Data)
    /// The request fails with this ATT error (`.readNotPermitted`, `.insufficientAuthentication`, ...).
    case error(CBATTError.Code)
    /// The answer comes this much (simulation) time later.
    case delayed(Duration, PeripheralResponse)
    /// No answer ever comes: the central's ATT transaction times out after 30 s and the link ends.
    case silence
}
