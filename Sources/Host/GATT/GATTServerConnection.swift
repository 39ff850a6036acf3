/// What the GATT server keeps for one connected client.
struct GATTServerConnection: Sendable {
    var security: LinkSecurity
    var mtu: Int
    var hasExchangedMTU = false
    /// The CCCD values, keyed by the handle of the characteristic value they configure.
    var clientConfigurations: [AttributeHandle: ClientCharacteristicConfiguration] = [:]
    var clientFeatures: ClientSupportedFeatures = []
    var prepareQueue: PreparedWriteQueue
    var transmitQueue: TransmitQueue
    /// The indication sent and not yet confirmed.
    var outstandingIndication: TransmitQueue.Item?
    /// Whether a robust-caching client knows the current database.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 2.5.2.1.
    var isChangeAware = true
    /// Whether the client turns change-aware with its next request (after Database Out Of Sync or a hash read).
    var becomesChangeAwareOnNextRequest = false

    init(security: LinkSecurity, mtu: Int, configuration: GATTServerConfiguration) {
        self.security = security
        self.mtu = mtu
        prepareQueue = PreparedWriteQueue(
            entryLimit: configuration.prepareQueueEntryLimit, byteLimit: configuration.prepareQueueByteLimit)
        transmitQueue = TransmitQueue(capacity: configuration.transmitQueueCapacity)
    }

    /// The configuration of the characteristic whose value has `valueHandle`.
    func configuration(of valueHandle: AttributeHandle) -> ClientCharacteristicConfiguration {
        clientConfigurations[valueHandle] ?? []
    }
}
