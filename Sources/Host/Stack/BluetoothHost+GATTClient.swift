import HCI

extension BluetoothHost {
    /// Runs any GATT client procedure on a link's ATT bearer; procedures that depend on ATT_MTU
    /// should be made with the link's current ``HostLink/mtu``.
    public func run<P: GATTClientProcedure>(
        _ procedure: P, on handle: ConnectionHandle
    ) async throws(HostError) -> P.Result {
        try await gattClient.run(procedure, on: handle)
    }

    /// Discovers the peer's primary services, all or those of one UUID, and caches them.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.4.
    public func discoverPrimaryServices(
        on handle: ConnectionHandle, uuid: BluetoothUUID? = nil
    ) async throws(HostError) -> [DiscoveredService] {
        try await gattClient.discoverPrimaryServices(on: handle, uuid: uuid)
    }

    /// Finds the services a discovered service includes, and caches them.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.5.
    public func discoverIncludedServices(
        of service: DiscoveredService, on handle: ConnectionHandle
    ) async throws(HostError) -> [DiscoveredIncludedService] {
        try await gattClient.discoverIncludedServices(of: service, on: handle)
    }

    /// Discovers a service's characteristics, all or those of one UUID; all of them are cached.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.6.
    public func discoverCharacteristics(
        of service: DiscoveredService, on handle: ConnectionHandle, uuid: BluetoothUUID? = nil
    ) async throws(HostError) -> [DiscoveredCharacteristic] {
        try await gattClient.discoverCharacteristics(of: service, on: handle, uuid: uuid)
    }

    /// Discovers a characteristic's descriptors, and caches them.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.7.
    public func discoverDescriptors(
        of characteristic: DiscoveredCharacteristic, on handle: ConnectionHandle
    ) async throws(HostError) -> [DiscoveredDescriptor] {
        try await gattClient.discoverDescriptors(of: characteristic, on: handle)
    }

    /// Discovers the peer's whole database (services, included services, characteristics,
    /// descriptors) and its Database Hash, unless the cache given (or, for a bonded peer, the one
    /// stored beside the bonds) matches the peer's current hash, in which case the cache is taken as it is.
    /// A bonded peer's database is stored for the next run.
    ///
    /// - Returns: The database, and whether it came from a cache without rediscovery.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 2.5.2.
    public func discoverDatabase(
        on handle: ConnectionHandle, cache: GATTDatabaseCache? = nil
    ) async throws(HostError) -> (database: GATTDatabaseCache, fromCache: Bool) {
        try await gattClient.discoverDatabase(on: handle, cache: cache)
    }

    /// What the client has learned of the peer's database on this link so far.
    public func cachedDatabase(on handle: ConnectionHandle) throws(HostError) -> GATTDatabaseCache {
        try gattClient.link(handle).cache
    }

    /// Reads the peer's Database Hash; nil when its server has none.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.3.
    public func readDatabaseHash(on handle: ConnectionHandle) async throws(HostError) -> [UInt8]? {
        try await gattClient.readDatabaseHash(on: handle)
    }

    /// Reads a characteristic value or descriptor, with Read Blob for the rest of a long one; an
    /// attribute that needs a secured link makes the host pair (or encrypt with a bond) and retry once.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.8.1 and 4.8.3.
    public func read(_ attribute: AttributeHandle, on handle: ConnectionHandle) async throws(HostError) -> [UInt8] {
        let mtu = try connection(handle).bearer.mtu
        return try await runSecured(GATTClientReadValue(handle: attribute, mtu: mtu), on: handle)
    }

    /// Writes a characteristic value or descriptor and waits for the server to apply it: one Write
    /// Request when the value fits, else prepared writes committed together; an attribute that needs a
    /// secured link makes the host pair (or encrypt with a bond) and retry once.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.3 and 4.9.4.
    public func write(
        _ value: [UInt8], to attribute: AttributeHandle, on handle: ConnectionHandle
    ) async throws(HostError) {
        let mtu = try connection(handle).bearer.mtu
        if value.count <= GATTClientWriteValue.maximumValueLength(mtu: mtu) {
            try await runSecured(GATTClientWriteValue(handle: attribute, value: value, mtu: mtu), on: handle)
        } else {
            try await runSecured(GATTClientWriteLongValue(handle: attribute, value: value, mtu: mtu), on: handle)
        }
    }

    /// Writes several values so that the server applies all of them or none.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.5.
    public func reliableWrite(
        _ writes: [GATTClientReliableWrite.Write], on handle: ConnectionHandle
    ) async throws(HostError) {
        let mtu = try connection(handle).bearer.mtu
        try await runSecured(GATTClientReliableWrite(writes: writes, mtu: mtu), on: handle)
    }

    /// Whether a write without response may be sent now; when false,
    /// ``HostEvent/readyToWriteWithoutResponse(_:)`` follows once the link drains.
    public func canSendWriteWithoutResponse(on handle: ConnectionHandle) -> Bool {
        !isCongested(handle)
    }

    /// Sends a Write Without Response once the link can take it: at once when it is not congested, otherwise when
    /// its outbound backlog has drained (as ``HostEvent/readyToWriteWithoutResponse(_:)`` reports), so that a write
    /// is neither dropped nor overtaken by what is sent on the link after it.
    ///
    /// - Throws: ``HostError/notConnected(_:)`` when the link went down first, or what
    ///   ``writeWithoutResponse(_:to:on:)`` throws.
    public func writeWithoutResponseWhenRoom(
        _ value: [UInt8], to attribute: AttributeHandle, on handle: ConnectionHandle
    ) async throws(HostError) {
        while isCongested(handle) {
            _ = try connection(handle)
            await withCheckedContinuation { writeRoomWaiters[handle, default: []].append($0) }
        }
        try writeWithoutResponse(value, to: attribute, on: handle)
    }

    /// Sends a Write Without Response (at most ATT_MTU - 3 bytes); nothing acknowledges it.
    ///
    /// - Throws: ``ATTBearerError/queueFull`` (as ``HostError/att(_:_:)``) when the link is congested
    ///   (see ``canSendWriteWithoutResponse(on:)``), so that no write is queued without bound.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.1.
    public func writeWithoutResponse(
        _ value: [UInt8], to attribute: AttributeHandle, on handle: ConnectionHandle
    ) throws(HostError) {
        let bearer = try connection(handle).bearer
        guard !isCongested(handle) else { throw .att(handle, .queueFull) }
        let write: GATTClientWriteWithoutResponse
        do {
            write = try GATTClientWriteWithoutResponse(handle: attribute, value: value, mtu: bearer.mtu)
        } catch {
            throw .gatt(handle, .procedure(error))
        }
        do {
            try bearer.write(write)
        } catch {
            throw .att(handle, error)
        }
    }

    /// Turns notifications or indications of a characteristic on (or off, with an empty
    /// configuration) by writing its Client Characteristic Configuration descriptor, discovering
    /// the descriptors first when they are not cached.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.10 and 4.11.
    public func configureUpdates(
        _ configuration: GATTClientWriteClientConfiguration.Configuration,
        of characteristic: DiscoveredCharacteristic, on handle: ConnectionHandle
    ) async throws(HostError) {
        var descriptors = try gattClient.link(handle).cache.service(containing: characteristic.valueHandle)?
            .characteristics?.first { $0.characteristic == characteristic }?.descriptors
        if descriptors == nil {
            descriptors = try await discoverDescriptors(of: characteristic, on: handle)
        }
        guard let cccd = descriptors?.first(where: { $0.uuid == .clientCharacteristicConfiguration }) else {
            throw .noClientConfiguration(handle, characteristic: characteristic.valueHandle)
        }
        try await runSecured(
            GATTClientWriteClientConfiguration(descriptorHandle: cccd.handle, configuration: configuration), on: handle)
    }
}
