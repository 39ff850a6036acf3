/// A service the app builds and publishes through a peripheral manager.
open class CBMutableService: CBService {
    /// The services this service includes; each must be published before this one.
    open override var includedServices: [CBService]? {
        get { super.includedServices }
        set { super.includedServices = newValue }
    }

    /// The service's characteristics; setting them makes this service each one's ``CBCharacteristic/service``.
    open override var characteristics: [CBCharacteristic]? {
        get { super.characteristics }
        set {
            super.characteristics = newValue
            for characteristic in newValue ?? [] {
                characteristic.service = self
            }
        }
    }

    /// Makes a service with a 16- or 128-bit UUID; a 32-bit UUID stops the program, as Apple's raises.
    public init(type UUID: CBUUID, primary isPrimary: Bool) {
        precondition(
            UUID.data.count == 2 || UUID.data.count == 16,
            "Invalid parameter not satisfying: UUID.data.length == 2 || UUID.data.length == 16")
        super.init(uuid: UUID, isPrimary: isPrimary)
    }

    /// The service as Apple describes it, with its included services and characteristics.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription) Primary = \(isPrimary ? "YES" : "NO"), UUID = \(uuid), "
            + "Included Services = \(describe(includedServices)), Characteristics = \(describe(characteristics))>"
    }
}
