import HCI

extension GATTServer {
    /// Adds a service after the last handle in use and tells subscribed clients its range changed.
    @discardableResult
    public mutating func addService(_ definition: ServiceDefinition) throws(AttributeDatabaseError) -> ServiceLayout {
        let layout = try database.add(definition)
        databaseChanged(layout.handles)
        return layout
    }

    /// Removes the service declared at `declarationHandle` and tells subscribed clients its range changed.
    @discardableResult
    public mutating func removeService(
        at declarationHandle: AttributeHandle
    ) throws(AttributeDatabaseError)
        -> ServiceLayout?
    {
        guard let removed = try database.removeService(at: declarationHandle) else { return nil }
        databaseChanged(removed.handles)
        return removed
    }

    /// Serves a new database in place of the old one and tells subscribed clients every handle changed.
    ///
    /// Clients keep their Service Changed subscription and lose every other one (each loss reported).
    public mutating func replaceDatabase(_ newDatabase: AttributeDatabase) {
        let oldHandle = serviceChangedValueHandle
        database = newDatabase
        let newHandle = serviceChangedValueHandle
        for id in connections.keys.sorted() {
            guard var state = connections[id] else { continue }
            let old = state.clientConfigurations
            var new: [AttributeHandle: ClientCharacteristicConfiguration] = [:]
            if let oldHandle, let newHandle, let kept = old[oldHandle] { new[newHandle] = kept }
            state.clientConfigurations = new
            connections[id] = state
            for handle in Set(old.keys).union(new.keys).sorted() where old[handle] != new[handle] {
                events.append(
                    .subscriptionChanged(connection: id, valueHandle: handle, configuration: new[handle] ?? []))
            }
        }
        databaseChanged(.min ... .max)
    }

    /// The value handle of the Service Changed characteristic, if the database has one.
    public var serviceChangedValueHandle: AttributeHandle? {
        database.service(.genericAttributeService)?.characteristic(.serviceChanged)?.valueHandle
    }

    /// Recomputes the hash, ends subscriptions the database no longer allows, makes robust-caching clients
    /// change-unaware and queues a Service Changed indication of `range` for each subscribed client.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 2.5.2 and 7.1.
    mutating func databaseChanged(_ range: ClosedRange<AttributeHandle>) {
        databaseHash = database.hash
        let serviceChanged = serviceChangedValueHandle
        var value = ByteWriter(capacity: 4)
        range.lowerBound.encode(into: &value)
        range.upperBound.encode(into: &value)
        for id in connections.keys.sorted() {
            guard var state = connections[id] else { continue }
            for (valueHandle, configuration) in state.clientConfigurations.sorted(by: { $0.key < $1.key })
            where !allowedConfiguration(of: valueHandle).isSuperset(of: configuration) {
                state.clientConfigurations[valueHandle] = nil
                events.append(.subscriptionChanged(connection: id, valueHandle: valueHandle, configuration: []))
            }
            if state.clientFeatures.contains(.robustCaching) {
                state.isChangeAware = false
                state.becomesChangeAwareOnNextRequest = false
            }
            if let serviceChanged, state.configuration(of: serviceChanged).contains(.indication) {
                state.transmitQueue.append(
                    TransmitQueue.Item(
                        handle: serviceChanged, value: value.bytes, isIndication: true, isServiceChanged: true))
            }
            connections[id] = state
        }
    }

    /// The subscriptions the characteristic whose value has `valueHandle` allows; empty if it has no CCCD.
    func allowedConfiguration(of valueHandle: AttributeHandle) -> ClientCharacteristicConfiguration {
        guard let handle = database.characteristic(valueHandle: valueHandle)?.clientConfigurationHandle,
            case .clientConfiguration(_, let allowed) = database[handle]?.value
        else { return [] }
        return allowed
    }

    /// Refuses a change-unaware robust-caching client's request with Database Out Of Sync, and drops its
    /// commands; nil when the PDU goes on to be handled.
    ///
    /// The client may still exchange MTU and read the Database Hash by type; after that read or the
    /// refusal, its next request finds it change-aware.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 2.5.2.1.
    mutating func changeUnawareRefusal(of pdu: ATTPDU, from connection: ConnectionHandle) -> GATTServerOutcome? {
        guard var state = connections[connection], state.clientFeatures.contains(.robustCaching), !state.isChangeAware
        else { return nil }
        let kind = pdu.opcode.kind
        guard kind == .request || kind == .command else { return nil }
        defer { connections[connection] = state }
        if kind == .request && state.becomesChangeAwareOnNextRequest {
            state.isChangeAware = true
            state.becomesChangeAwareOnNextRequest = false
            return nil
        }
        switch pdu {
        case _ where kind == .command:
            return GATTServerOutcome.none
        case .exchangeMTURequest:
            return nil
        case .readByTypeRequest(let request) where request.attributeType == .databaseHash:
            state.becomesChangeAwareOnNextRequest = true
            return nil
        default:
            state.becomesChangeAwareOnNextRequest = true
            return .respond(Self.errorResponse(pdu.opcode, AttributeError(.databaseOutOfSync, .invalid)))
        }
    }
}
