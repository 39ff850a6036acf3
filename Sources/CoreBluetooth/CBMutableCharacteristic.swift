/// A characteristic the app builds and publishes in a ``CBMutableService`` through a peripheral manager.
///
/// A non-nil ``value`` makes the characteristic static: the stack answers reads itself, and the peripheral
/// manager's `add(_:)` accepts it only if it is read-only: properties exactly `read`, no write permission.
/// A nil value makes it dynamic: every read and write goes to the peripheral manager's delegate.
open class CBMutableCharacteristic: CBCharacteristic {
    /// Who may read and write the value, and whether the link must be encrypted.
    open var permissions: CBAttributePermissions

    /// The centrals subscribed to notifications or indications of the value; starts empty, not nil.
    open internal(set) var subscribedCentrals: [CBCentral]? = []

    /// How the value may be used; `broadcast` and `extendedProperties` stop the program, as Apple's setter raises.
    open override var properties: CBCharacteristicProperties {
        get { super.properties }
        set {
            precondition(!newValue.contains(.broadcast), "CBCharacteristicPropertyBroadcast is not allowed")
            precondition(
                !newValue.contains(.extendedProperties), "CBCharacteristicPropertyExtendedProperties is not allowed")
            super.properties = newValue
        }
    }

    /// The cached value of a static characteristic, or nil for a dynamic one.
    open override var value: Data? {
        get { super.value }
        set { super.value = newValue }
    }

    /// The characteristic's descriptors; setting them makes this characteristic each one's
    /// ``CBDescriptor/characteristic``. A second User Description or Format descriptor stops the program,
    /// as Apple's setter raises.
    open override var descriptors: [CBDescriptor]? {
        get { super.descriptors }
        set {
            let descriptors = newValue ?? []
            let userDescription = CBUUID(string: CBUUIDCharacteristicUserDescriptionString)
            precondition(
                descriptors.count(where: { $0.uuid == userDescription }) <= 1,
                "Cannot have more than one User Description descriptor per characteristic")
            let format = CBUUID(string: CBUUIDCharacteristicFormatString)
            precondition(
                descriptors.count(where: { $0.uuid == format }) <= 1,
                "Cannot have more than one Format descriptor per characteristic")
            super.descriptors = newValue
            for descriptor in descriptors {
                descriptor.characteristic = self
            }
        }
    }

    /// Makes a characteristic; a non-nil `value` makes it static and cached, which Apple allows only with exactly
    /// the `read` property and no write permission, checked when the service is added, not here.
    public init(
        type UUID: CBUUID, properties: CBCharacteristicProperties, value: Data?, permissions: CBAttributePermissions
    ) {
        self.permissions = permissions
        super.init(uuid: UUID, properties: properties, value: value, service: nil)
    }

    /// Whether the characteristic keeps Apple's rule for cached values: either it has no value, or its properties
    /// are exactly `read` and its permissions allow no writing.
    ///
    /// A peripheral manager's `add(_:)` stops the program when this is false, with the message
    /// ``cachedValueRuleMessage``, as Apple's raises.
    var hasReadOnlyCachedValue: Bool {
        value == nil
            || (properties == .read && permissions.isDisjoint(with: [.writeable, .writeEncryptionRequired]))
    }

    /// Apple's message when a characteristic with a cached value is not read-only.
    static let cachedValueRuleMessage = "Characteristics with cached values must be read-only"

    /// Records that `central` subscribed; false if it already was, so the delegate hears of each subscription once.
    func addSubscriber(_ central: CBCentral) -> Bool {
        var centrals = subscribedCentrals ?? []
        guard !centrals.contains(where: { $0 === central }) else { return false }
        centrals.append(central)
        subscribedCentrals = centrals
        return true
    }

    /// Records that `central` unsubscribed; false if it was not subscribed.
    func removeSubscriber(_ central: CBCentral) -> Bool {
        var centrals = subscribedCentrals ?? []
        guard let index = centrals.firstIndex(where: { $0 === central }) else { return false }
        centrals.remove(at: index)
        subscribedCentrals = centrals
        return true
    }

    /// The characteristic as Apple describes it, with permissions, descriptors and subscribed centrals.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription) UUID = \(uuid), Value = \(describe(value)), "
            + "Properties = 0x\(hexDigits(properties.rawValue)), "
            + "Permissions = 0x\(hexDigits(permissions.rawValue)), "
            + "Descriptors = \(describe(descriptors)), SubscribedCentrals = \(describe(subscribedCentrals))>"
    }
}
