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

    /// Takes the next update that may go now out of the transmit queue, dropping the updates whose subscription the
    /// client has turned off; `freed` counts the dropped ones that held room (Service Changed holds none).
    ///
    /// A waiting indication holds back later updates of its own characteristic only.
    mutating func takeNextUpdate() -> (next: TransmitQueue.Item?, freed: Int) {
        var freed = 0
        var heldBack: Set<AttributeHandle> = []
        var index = 0
        while index < transmitQueue.items.count {
            let item = transmitQueue.items[index]
            let wanted: ClientCharacteristicConfiguration = item.isIndication ? .indication : .notification
            if !configuration(of: item.handle).contains(wanted) {
                if !transmitQueue.remove(at: index).isServiceChanged { freed += 1 }
            } else if heldBack.contains(item.handle) || (item.isIndication && outstandingIndication != nil) {
                heldBack.insert(item.handle)
                index += 1
            } else {
                return (transmitQueue.remove(at: index), freed)
            }
        }
        return (nil, freed)
    }
}
