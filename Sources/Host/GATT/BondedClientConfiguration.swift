import HCI

/// What a GATT server keeps for a bonded client between connections: its CCCD values, its supported
/// features, and the Database Hash it last saw, so that a returning client keeps its subscriptions and
/// learns if the database changed while it was away.
///
/// Bluetooth Core Specification Vol 3, Part G, 2.5.2 and 3.3.3.3.
public struct BondedClientConfiguration: Hashable, Sendable {
    /// The Database Hash when the configuration was taken.
    public var databaseHash: UInt128
    /// The features the client enabled in Client Supported Features.
    public var clientFeatures: ClientSupportedFeatures
    /// The CCCD values, keyed by the handle of the characteristic value they configure.
    public var clientConfigurations: [AttributeHandle: ClientCharacteristicConfiguration]

    public init(
        databaseHash: UInt128, clientFeatures: ClientSupportedFeatures,
        clientConfigurations: [AttributeHandle: ClientCharacteristicConfiguration]
    ) {
        self.databaseHash = databaseHash
        self.clientFeatures = clientFeatures
        self.clientConfigurations = clientConfigurations
    }
}

extension BondedClientConfiguration: WireCodable {
    /// Reads the stored form: the hash (16 bytes), the features (1), a count (2), then handle-value pairs.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        databaseHash = try reader.read()
        clientFeatures = ClientSupportedFeatures(rawValue: try reader.read())
        let count = Int(try reader.read(UInt16.self))
        guard reader.remaining >= count * 4 else { throw .truncated(needed: count * 4, available: reader.remaining) }
        var configurations: [AttributeHandle: ClientCharacteristicConfiguration] = [:]
        for _ in 0..<count {
            let handle = try AttributeHandle(from: &reader)
            configurations[handle] = try ClientCharacteristicConfiguration(from: &reader)
        }
        clientConfigurations = configurations
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(databaseHash)
        writer.write(clientFeatures.rawValue)
        writer.write(UInt16(clamping: clientConfigurations.count))
        for (handle, configuration) in clientConfigurations.sorted(by: { $0.key < $1.key }).prefix(Int(UInt16.max)) {
            handle.encode(into: &writer)
            configuration.encode(into: &writer)
        }
    }
}

extension GATTServer {
    /// What to keep for a connection's client if it is bonded; nil when the server does not know the connection.
    public func bondedClientConfiguration(of connection: ConnectionHandle) -> BondedClientConfiguration? {
        guard let state = connections[connection] else { return nil }
        return BondedClientConfiguration(
            databaseHash: databaseHash, clientFeatures: state.clientFeatures,
            clientConfigurations: state.clientConfigurations)
    }

    /// Gives a returning bonded client what it had: its subscriptions (each reported as a change, those the
    /// database no longer allows dropped) and features. If the database changed since, a robust-caching
    /// client turns change-unaware and a Service Changed indication of every handle is queued.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 2.5.2 and 7.1.
    public mutating func restore(_ saved: BondedClientConfiguration, for connection: ConnectionContext) {
        update(connection)
        let id = connection.id
        guard var state = connections[id] else { return }
        state.clientFeatures = saved.clientFeatures.intersection(.all)
        for (valueHandle, configuration) in saved.clientConfigurations.sorted(by: { $0.key < $1.key })
        where !configuration.isEmpty && allowedConfiguration(of: valueHandle).isSuperset(of: configuration)
            && state.configuration(of: valueHandle) != configuration
        {
            state.clientConfigurations[valueHandle] = configuration
            events.append(.subscriptionChanged(connection: id, valueHandle: valueHandle, configuration: configuration))
        }
        if saved.databaseHash != databaseHash {
            if state.clientFeatures.contains(.robustCaching) {
                state.isChangeAware = false
                state.becomesChangeAwareOnNextRequest = false
            }
            if let serviceChanged = serviceChangedValueHandle,
                state.configuration(of: serviceChanged).contains(.indication)
            {
                let value = [0x01, 0x00, 0xFF, 0xFF] as [UInt8]
                state.transmitQueue.append(
                    TransmitQueue.Item(handle: serviceChanged, value: value, isIndication: true, isServiceChanged: true)
                )
            }
        }
        connections[id] = state
    }
}
