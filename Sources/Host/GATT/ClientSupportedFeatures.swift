/// The optional GATT features a client says it supports, in the Client Supported Features characteristic (0x2B29).
///
/// Bluetooth Core Specification Vol 3, Part G, 7.2.
public struct ClientSupportedFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The client uses robust caching, so the server tracks whether it is change-aware. Spec bit 0.
    public static let robustCaching = ClientSupportedFeatures(rawValue: 0x01)
    /// The client supports the Enhanced ATT bearer. Spec bit 1.
    public static let enhancedATTBearer = ClientSupportedFeatures(rawValue: 0x02)
    /// The client accepts Multiple Handle Value Notifications. Spec bit 2.
    public static let multipleHandleValueNotifications = ClientSupportedFeatures(rawValue: 0x04)

    /// Every bit the specification defines.
    public static let all: ClientSupportedFeatures = [
        .robustCaching, .enhancedATTBearer, .multipleHandleValueNotifications,
    ]
}
