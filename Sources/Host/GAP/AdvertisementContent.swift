/// What a peripheral asks to advertise, before it is laid out into advertising and scan response packets.
///
/// The fields mirror the advertisement data keys CoreBluetooth accepts and reports.
public struct AdvertisementContent: Hashable, Sendable {
    /// The Flags to send in the advertising packet, if any.
    public var flags: AdvertisingFlags?
    /// The device name, if any; it is shortened when it cannot fit whole.
    public var localName: String?
    /// The service UUIDs to list; those that fit nowhere become overflow.
    public var serviceUUIDs: [BluetoothUUID]
    /// Manufacturer Specific Data, opening with the little-endian company identifier.
    public var manufacturerData: [UInt8]?
    /// Service data keyed by service UUID.
    public var serviceData: [BluetoothUUID: [UInt8]]
    /// The TX power level in dBm, if it is to be advertised.
    public var txPowerLevel: Int8?
    /// The appearance value, if it is to be advertised.
    public var appearance: UInt16?
    /// The UUIDs of services the device solicits.
    public var solicitedServiceUUIDs: [BluetoothUUID]

    /// Makes advertisement content; everything defaults to absent.
    public init(
        flags: AdvertisingFlags? = nil,
        localName: String? = nil,
        serviceUUIDs: [BluetoothUUID] = [],
        manufacturerData: [UInt8]? = nil,
        serviceData: [BluetoothUUID: [UInt8]] = [:],
        txPowerLevel: Int8? = nil,
        appearance: UInt16? = nil,
        solicitedServiceUUIDs: [BluetoothUUID] = []
    ) {
        self.flags = flags
        self.localName = localName
        self.serviceUUIDs = serviceUUIDs
        self.manufacturerData = manufacturerData
        self.serviceData = serviceData
        self.txPowerLevel = txPowerLevel
        self.appearance = appearance
        self.solicitedServiceUUIDs = solicitedServiceUUIDs
    }
}
