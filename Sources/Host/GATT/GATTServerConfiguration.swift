/// The limits and policies a GATT server works with.
public struct GATTServerConfiguration: Hashable, Sendable {
    /// The largest PDU the server receives, offered in Exchange MTU; clamped to 23...517.
    public var serverRxMTU: Int
    /// The shortest encryption key (in bytes) that satisfies an encryption or authentication requirement.
    public var minimumEncryptionKeySize: Int
    /// How many Prepare Write Requests a connection may queue.
    public var prepareQueueEntryLimit: Int
    /// How many value bytes a connection's prepare queue may hold.
    public var prepareQueueByteLimit: Int
    /// How many notifications and indications may wait per connection before updates are refused.
    public var transmitQueueCapacity: Int
    /// How many requests per connection may wait for the application at once.
    public var pendingRequestLimit: Int

    public init(
        serverRxMTU: Int = 517, minimumEncryptionKeySize: Int = 16, prepareQueueEntryLimit: Int = 64,
        prepareQueueByteLimit: Int = 4096, transmitQueueCapacity: Int = 16, pendingRequestLimit: Int = 4
    ) {
        self.serverRxMTU = serverRxMTU
        self.minimumEncryptionKeySize = minimumEncryptionKeySize
        self.prepareQueueEntryLimit = prepareQueueEntryLimit
        self.prepareQueueByteLimit = prepareQueueByteLimit
        self.transmitQueueCapacity = transmitQueueCapacity
        self.pendingRequestLimit = pendingRequestLimit
    }
}
