import HCI

/// Discovery: the peer's services, included services, characteristics and descriptors, each recorded in the
/// link's cache, and the whole database taken from a cache when the peer's Database Hash says it is current.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.4 to 4.7 and 2.5.2.
extension GATTClient {
    /// Discovers the peer's primary services, all or those of one UUID, and caches them.
    func discoverPrimaryServices(
        on handle: ConnectionHandle, uuid: BluetoothUUID?, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> [DiscoveredService] {
        let services: [DiscoveredService]
        if let uuid {
            services = try await run(GATTClientDiscoverPrimaryServicesByUUID(uuid: uuid), on: handle)
        } else {
            services = try await run(GATTClientDiscoverAllPrimaryServices(), on: handle)
        }
        links[handle]?.cache.record(services: services)
        return services
    }

    /// Finds the services a discovered service includes, and caches them.
    func discoverIncludedServices(
        of service: DiscoveredService, on handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> [DiscoveredIncludedService] {
        let included = try await run(GATTClientFindIncludedServices(service: service), on: handle)
        links[handle]?.cache.record(includedServices: included, in: service)
        return included
    }

    /// Discovers a service's characteristics, all or those of one UUID; all of them are cached.
    func discoverCharacteristics(
        of service: DiscoveredService, on handle: ConnectionHandle, uuid: BluetoothUUID?,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> [DiscoveredCharacteristic] {
        let characteristics = try await run(GATTClientDiscoverCharacteristics(service: service, uuid: uuid), on: handle)
        if uuid == nil { links[handle]?.cache.record(characteristics: characteristics, in: service) }
        return characteristics
    }

    /// Discovers a characteristic's descriptors, and caches them.
    func discoverDescriptors(
        of characteristic: DiscoveredCharacteristic, on handle: ConnectionHandle,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> [DiscoveredDescriptor] {
        let descriptors = try await run(GATTClientDiscoverDescriptors(characteristic: characteristic), on: handle)
        links[handle]?.cache.record(descriptors: descriptors, for: characteristic)
        return descriptors
    }

    /// Discovers the peer's whole database and its Database Hash, unless the cache given (or, for a bonded peer,
    /// the one stored) matches the peer's current hash; a bonded peer's database is stored for the next run.
    func discoverDatabase(
        on handle: ConnectionHandle, cache: GATTDatabaseCache?, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> (database: GATTDatabaseCache, fromCache: Bool) {
        var cache = cache
        if cache == nil { cache = try storedDatabase(of: handle) }
        let hash = try await readDatabaseHash(on: handle)
        if let cache, let hash, cache.databaseHash == hash {
            try link(handle).cache = cache
            return (cache, true)
        }
        try link(handle).cache = GATTDatabaseCache()
        for service in try await discoverPrimaryServices(on: handle, uuid: nil) {
            _ = try await discoverIncludedServices(of: service, on: handle)
            for characteristic in try await discoverCharacteristics(of: service, on: handle, uuid: nil)
            where characteristic.descriptorHandles != nil {
                _ = try await discoverDescriptors(of: characteristic, on: handle)
            }
        }
        let link = try link(handle)
        link.cache.databaseHash = hash
        storeDatabase(link.cache, of: handle)
        return (link.cache, false)
    }

    /// Reads the peer's Database Hash; nil when its server has none.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.3.
    func readDatabaseHash(
        on handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> [UInt8]? {
        let values = try await run(
            GATTClientReadUsingCharacteristicUUID(uuid: GATTClientReadUsingCharacteristicUUID.databaseHash), on: handle)
        return values.first?.value
    }

    private func storedDatabase(of handle: ConnectionHandle) throws(HostError) -> GATTDatabaseCache? {
        _ = try link(handle)
        guard let store = databaseStore, let peer = bondedPeer(handle) else { return nil }
        do {
            return try store.load(peer)
        } catch {
            logger.warning("stored GATT database not used: \(error)")
            return nil
        }
    }

    private func storeDatabase(_ database: GATTDatabaseCache, of handle: ConnectionHandle) {
        guard let store = databaseStore, let peer = bondedPeer(handle) else { return }
        do {
            try store.save(database, for: peer)
        } catch {
            logger.warning("GATT database of \(peer) not stored: \(error)")
        }
    }
}
