/// One piece of an advertising set's advertising or scan response data, as the extended data commands carry it.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.54 and 7.8.55.
public struct ExtendedAdvertisingDataFragment: Hashable, Sendable {
    /// The advertising set the data belongs to.
    public var advertisingHandle: UInt8
    /// Which fragment this is: 0 intermediate, 1 first, 2 last, 3 complete; 4 (advertising data only) unchanged data.
    public var operation: UInt8
    /// 0: the controller may fragment the data; 1: it should not.
    public var fragmentPreference: UInt8
    /// The data, at most ``AdvertisingSetDataCommand/maximumFragmentLength`` bytes.
    public var data: [UInt8]

    public init(advertisingHandle: UInt8, operation: UInt8, fragmentPreference: UInt8, data: [UInt8]) {
        self.advertisingHandle = advertisingHandle
        self.operation = operation
        self.fragmentPreference = fragmentPreference
        self.data = data
    }
}
