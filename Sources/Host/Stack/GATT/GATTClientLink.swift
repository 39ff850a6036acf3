import HCI

/// The GATT client's state for one link: the ATT bearer it runs procedures on, and what it learned of the
/// peer's database.
final class GATTClientLink {
    let bearer: ATTBearer
    var cache = GATTDatabaseCache()

    init(bearer: ATTBearer) {
        self.bearer = bearer
    }

    /// The value handle of the peer's Service Changed characteristic, once discovered.
    var serviceChangedHandle: AttributeHandle? {
        cache.services.first { $0.service.uuid == .genericAttributeService }?
            .characteristics?.first { $0.characteristic.uuid == .serviceChanged }?.characteristic.valueHandle
    }
}
