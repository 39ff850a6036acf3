/// A key of the options given to `registerForConnectionEvents(options:)`, naming which peers to report.
public struct CBConnectionEventMatchingOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Report peers offering any of these services; the value is `[CBUUID]`.
    public static let serviceUUIDs = CBConnectionEventMatchingOption(
        rawValue: "kCBConnectionEventMatchingOptionServiceUUIDs")
    /// Report peers with any of these identifiers; the value is `[UUID]`.
    public static let peripheralUUIDs = CBConnectionEventMatchingOption(
        rawValue: "kCBConnectionEventMatchingOptionPeripheralUUIDs")
}
