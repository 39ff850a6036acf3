import HCI

/// The GATT client's state for one link: the ATT bearer it runs procedures on, and what it learned of the
/// peer's database.
final class GATTClientLink {
    let bearer: ATTBearer
    var cache = GATTDatabaseCache()

    init(bearer: ATTBearer) {
        self.bearer = bearer
    }

    /// The Service Changed value handle known before the last invalidation emptied that part of the cache.
    private var handleBeforeInvalidation: AttributeHandle?

    /// The value handle of the peer's Service Changed characteristic, once discovered; still known after a Service
    /// Changed indication invalidated the Generic Attribute service, since the server may not move it (Vol 3,
    /// Part G, 7.1), so that every later indication is taken for what it is.
    var serviceChangedHandle: AttributeHandle? {
        let cached = cache.services.first { $0.service.uuid == .genericAttributeService }?
            .characteristics?.first { $0.characteristic.uuid == .serviceChanged }?.characteristic.valueHandle
        return cached ?? handleBeforeInvalidation
    }

    /// Forgets what the cache knows in `range`, keeping the Service Changed handle; returns the services that went.
    func invalidate(range: ClosedRange<AttributeHandle>) -> [DiscoveredService] {
        handleBeforeInvalidation = serviceChangedHandle
        return cache.invalidate(range: range)
    }
}
