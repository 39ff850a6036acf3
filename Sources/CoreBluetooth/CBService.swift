/// A GATT service: a group of characteristics and included services, either discovered on a remote peripheral
/// or, as ``CBMutableService``, published by the local peripheral manager.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.1.
open class CBService: CBAttribute {
    /// The peripheral the service was discovered on; nil for a service the local peripheral manager publishes.
    open internal(set) weak var peripheral: CBPeripheral?

    /// Whether the service is primary rather than secondary.
    open internal(set) var isPrimary: Bool

    /// The services this service includes; nil until they are discovered. A discovered service refers to the
    /// services it includes without owning them (its peripheral owns every service it discovered, until it
    /// disconnects or a Service Changed indication invalidates them), so includes that loop make no reference
    /// cycle; a service the app builds owns what it includes.
    open internal(set) var includedServices: [CBService]? {
        get { includes?.services }
        set { includes = newValue.map { .owned($0) } }
    }

    private var includes: IncludedServiceList?

    /// The service's characteristics; nil until they are discovered.
    open internal(set) var characteristics: [CBCharacteristic]?

    /// Sets the included services a peripheral found, which it owns.
    func refer(toIncluded services: [CBService]) {
        includes = .found(services.map { IncludedServiceList.FoundService(service: $0) })
    }

    init(uuid: CBUUID, isPrimary: Bool) {
        self.isPrimary = isPrimary
        super.init(uuid: uuid)
    }

    /// The service as Apple describes it: `<CBService: 0x…, isPrimary = YES, UUID = Heart Rate>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription), isPrimary = \(isPrimary ? "YES" : "NO"), UUID = \(uuid)>"
    }
}
