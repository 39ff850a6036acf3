/// The common base of services, characteristics and descriptors: an attribute of a GATT database, named by a UUID.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.2.
open class CBAttribute: NSObject {
    private let attributeUUID: CBUUID

    /// The attribute's type.
    open var uuid: CBUUID { attributeUUID }

    init(uuid: CBUUID) {
        attributeUUID = uuid
    }
}
