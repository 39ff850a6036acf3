import HCI

extension GATTServer {
    /// An attribute's value as the server can give it: bytes it knows, or one the application must read.
    enum CurrentValue: Hashable, Sendable {
        case bytes([UInt8])
        case application
    }

    /// The value of `attribute` as `connection`'s client sees it.
    func currentValue(of attribute: Attribute, for connection: ConnectionHandle) -> CurrentValue {
        switch attribute.value {
        case .fixed(let bytes): .bytes(bytes)
        case .application: .application
        case .clientConfiguration(let valueHandle, _):
            .bytes(clientConfiguration(of: connection, for: valueHandle).encoded)
        case .clientSupportedFeatures: .bytes([connections[connection]?.clientFeatures.rawValue ?? 0])
        case .databaseHash: .bytes(databaseHashValue)
        case .serviceChanged: .bytes([])
        }
    }

    /// The Database Hash characteristic value: the hash, least significant octet first.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.3.
    var databaseHashValue: [UInt8] {
        var writer = ByteWriter(capacity: 16)
        writer.write(databaseHash)
        return writer.bytes
    }

    /// The attribute at `handle`, if the client may read it.
    func readableAttribute(
        _ handle: AttributeHandle, from connection: ConnectionHandle
    ) throws(AttributeError)
        -> Attribute
    {
        guard let attribute = database[handle] else { throw AttributeError(.invalidHandle, handle) }
        if let refusal = refusal(of: .read, to: attribute, from: connection) { throw AttributeError(refusal, handle) }
        return attribute
    }

    /// The attribute at `handle`, if the client may write it.
    func writableAttribute(
        _ handle: AttributeHandle, from connection: ConnectionHandle
    ) throws(AttributeError)
        -> Attribute
    {
        guard let attribute = database[handle] else { throw AttributeError(.invalidHandle, handle) }
        if let refusal = refusal(of: .write, to: attribute, from: connection) { throw AttributeError(refusal, handle) }
        switch attribute.value {
        case .application, .clientConfiguration, .clientSupportedFeatures: return attribute
        case .fixed, .databaseHash, .serviceChanged: throw AttributeError(.writeNotPermitted, handle)
        }
    }

    /// Checks a new value for an attribute the server keeps itself and says how it changes.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 3.3.3.3 and 7.2.
    func serverUpdate(
        of attribute: Attribute, to value: [UInt8], from connection: ConnectionHandle
    )
        throws(AttributeError) -> ServerUpdate
    {
        switch attribute.value {
        case .clientConfiguration(let valueHandle, let allowed):
            guard value.count == 2 else { throw AttributeError(.invalidAttributeValueLength, attribute.handle) }
            let configuration = ClientCharacteristicConfiguration(rawValue: UInt16(value[0]) | UInt16(value[1]) << 8)
            guard allowed.isSuperset(of: configuration) else {
                throw AttributeError(.cccdImproperlyConfigured, attribute.handle)
            }
            return .clientConfiguration(valueHandle: valueHandle, configuration)
        case .clientSupportedFeatures:
            guard let first = value.first else {
                throw AttributeError(.invalidAttributeValueLength, attribute.handle)
            }
            let requested = ClientSupportedFeatures(rawValue: first).intersection(.all)
            let current = connections[connection]?.clientFeatures ?? []
            guard requested.isSuperset(of: current) else { throw AttributeError(.valueNotAllowed, attribute.handle) }
            return .clientFeatures(requested)
        case .fixed, .application, .databaseHash, .serviceChanged:
            throw AttributeError(.writeNotPermitted, attribute.handle)
        }
    }

    /// Applies a checked change to a value the server keeps, reporting subscription changes; a CCCD value
    /// the database no longer allows (it changed while the application was deciding) is dropped.
    mutating func apply(_ update: ServerUpdate, for connection: ConnectionHandle) {
        guard var state = connections[connection] else { return }
        switch update {
        case .clientConfiguration(let valueHandle, let configuration):
            guard allowedConfiguration(of: valueHandle).isSuperset(of: configuration) else { return }
            let old = state.configuration(of: valueHandle)
            state.clientConfigurations[valueHandle] = configuration.isEmpty ? nil : configuration
            connections[connection] = state
            if old != configuration {
                events.append(
                    .subscriptionChanged(connection: connection, valueHandle: valueHandle, configuration: configuration)
                )
            }
        case .clientFeatures(let features):
            state.clientFeatures = features
            connections[connection] = state
        }
    }

    /// Hands a request to the application, remembering how to answer it.
    mutating func deferToApplication(
        _ kind: GATTServerRequest.Kind, purpose: PendingRequest.Purpose, handle: AttributeHandle,
        from connection: ConnectionHandle
    ) throws(AttributeError) -> GATTServerOutcome {
        let waiting = pendingRequests.values.reduce(0) { $0 + ($1.connection == connection ? 1 : 0) }
        guard waiting < configuration.pendingRequestLimit else { throw AttributeError(.insufficientResources, handle) }
        let id = makeRequestID()
        pendingRequests[id] = PendingRequest(connection: connection, purpose: purpose, handle: handle)
        return .deferred(GATTServerRequest(id: id, connection: connection, kind: kind))
    }

    mutating func makeRequestID() -> GATTServerRequest.ID {
        defer { nextRequestID &+= 1 }
        return GATTServerRequest.ID(rawValue: nextRequestID)
    }
}
