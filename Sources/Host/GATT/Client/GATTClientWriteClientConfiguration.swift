/// Subscribes to (or unsubscribes from) a characteristic by writing its Client Characteristic Configuration
/// descriptor with a Write Request.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.3 and 4.12.3.
public struct GATTClientWriteClientConfiguration: GATTClientProcedure {
    /// The Client Characteristic Configuration bits: which of notifications and indications the server sends.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 3.3.3.3, table 3.11.
    public struct Configuration: OptionSet, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// Notifications on. Spec value 0x0001.
        public static let notification = Configuration(rawValue: 0x0001)
        /// Indications on. Spec value 0x0002.
        public static let indication = Configuration(rawValue: 0x0002)
    }

    private var write: GATTClientWriteValue

    /// Makes the procedure writing `configuration` (empty to unsubscribe) to the descriptor at `descriptorHandle`.
    public init(descriptorHandle: AttributeHandle, configuration: Configuration) {
        let value = [UInt8(truncatingIfNeeded: configuration.rawValue), UInt8(configuration.rawValue >> 8)]
        write = GATTClientWriteValue(handle: descriptorHandle, value: value, mtu: 23)
    }

    public mutating func start() -> GATTClientStep<Void> {
        write.start()
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<Void> {
        write.received(response)
    }
}
