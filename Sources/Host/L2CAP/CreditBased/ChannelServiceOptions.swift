/// How the host opens and runs the credit-based channels of a service it publishes or connects to.
///
/// Bluetooth Core Specification Vol 3, Part A, 10.1 and Vol 3, Part C, 10.2.
public struct ChannelServiceOptions: Hashable, Sendable {
    /// Whether a peer's channel request on a link that is not encrypted is refused with Insufficient
    /// Authentication, so that the peer pairs first.
    public var requiresEncryption: Bool
    /// Whether a received SDU's credit goes back to the peer only once the user reports it consumed
    /// (``BluetoothHost/consumed(_:onChannel:of:)``), so that a user who stops reading stops the peer;
    /// otherwise the credit goes back as soon as the SDU is delivered.
    public var creditsFollowConsumption: Bool
    /// This device's limits for each channel.
    public var configuration: CreditBasedChannel.Configuration

    /// Describes a service's channel policy: by default no encryption, credits returned on delivery.
    public init(
        requiresEncryption: Bool = false, creditsFollowConsumption: Bool = false,
        configuration: CreditBasedChannel.Configuration = .init()
    ) {
        self.requiresEncryption = requiresEncryption
        self.creditsFollowConsumption = creditsFollowConsumption
        self.configuration = configuration
    }
}
