/// A GATT characteristic: a value with properties saying how it may be used, and descriptors about it.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.
open class CBCharacteristic: CBAttribute {
    /// The service the characteristic belongs to; held weakly.
    open internal(set) weak var service: CBService?

    /// How the characteristic's value may be used.
    open internal(set) var properties: CBCharacteristicProperties

    /// The latest value read or notified; nil until one arrives. Writing never changes it.
    open internal(set) var value: Data?

    /// The characteristic's descriptors; nil until they are discovered.
    open internal(set) var descriptors: [CBDescriptor]?

    /// Whether the value is being broadcast; always false, as broadcasting was withdrawn.
    @available(*, deprecated, message: "Broadcasting characteristic values is not supported")
    open var isBroadcasted: Bool { false }

    /// Whether notifications or indications of the value are enabled.
    open internal(set) var isNotifying: Bool = false

    init(uuid: CBUUID, properties: CBCharacteristicProperties, value: Data?, service: CBService?) {
        self.service = service
        self.properties = properties
        self.value = value
        super.init(uuid: uuid)
    }

    /// The characteristic as Apple describes it: UUID, properties, value and whether it is notifying.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription), UUID = \(uuid), "
            + "properties = 0x\(hexDigits(properties.rawValue)), value = \(describe(value)), "
            + "notifying = \(isNotifying ? "YES" : "NO")>"
    }
}
