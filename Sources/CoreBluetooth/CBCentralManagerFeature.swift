/// Optional central-manager features an app can test for with `CBCentralManager.supports(_:)`.
///
/// Swift spells this type `CBCentralManager.Feature`; `CBCentralManager` declares that name as an alias of this one.
public struct CBCentralManagerFeature: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Extended advertising scans and connections on the LE Coded and 2M PHYs.
    public static let extendedScanAndConnect = CBCentralManagerFeature(rawValue: 1)
}
