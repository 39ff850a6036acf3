/// The Flags data type: the advertiser's discoverable mode and BR/EDR support.
///
/// Core Specification Supplement, Part A, 1.3.
public struct AdvertisingFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The device is in LE Limited Discoverable Mode. Bit 0.
    public static let leLimitedDiscoverable = AdvertisingFlags(rawValue: 1 << 0)
    /// The device is in LE General Discoverable Mode. Bit 1.
    public static let leGeneralDiscoverable = AdvertisingFlags(rawValue: 1 << 1)
    /// The device does not support BR/EDR. Bit 2.
    public static let brEdrNotSupported = AdvertisingFlags(rawValue: 1 << 2)
    /// The controller can run LE and BR/EDR to the same device at once. Bit 3.
    public static let simultaneousLEAndBREDRController = AdvertisingFlags(rawValue: 1 << 3)
}
