import CoreBluetooth

/// What a peripheral advertised, typed: the values of the `advertisementData` dictionary a central manager
/// delegate receives, under the `CBAdvertisementData…` keys.
public struct AdvertisementData: Sendable, Equatable {
    /// The advertised local name (`CBAdvertisementDataLocalNameKey`).
    public var localName: String?
    /// The advertised transmit power, in dBm (`CBAdvertisementDataTxPowerLevelKey`).
    public var txPowerLevel: Int?
    /// The advertised service UUIDs (`CBAdvertisementDataServiceUUIDsKey`).
    public var serviceUUIDs: [CBUUID]
    /// Service data by service UUID (`CBAdvertisementDataServiceDataKey`).
    public var serviceData: [CBUUID: Data]
    /// The manufacturer-specific data, company identifier first (`CBAdvertisementDataManufacturerDataKey`).
    public var manufacturerData: Data?
    /// The UUIDs of services found in the overflow area (`CBAdvertisementDataOverflowServiceUUIDsKey`).
    public var overflowServiceUUIDs: [CBUUID]
    /// The service UUIDs the advertiser solicits (`CBAdvertisementDataSolicitedServiceUUIDsKey`).
    public var solicitedServiceUUIDs: [CBUUID]
    /// Whether the advertiser accepts connections (`CBAdvertisementDataIsConnectable`).
    public var isConnectable: Bool?

    /// Reads the values CoreBluetooth put in an advertisement data dictionary; keys it does not know are left out.
    public init(_ dictionary: [String: Any]) {
        localName = dictionary[CBAdvertisementDataLocalNameKey] as? String
        txPowerLevel = (dictionary[CBAdvertisementDataTxPowerLevelKey] as? NSNumber)?.intValue
        serviceUUIDs = dictionary[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] ?? []
        serviceData = dictionary[CBAdvertisementDataServiceDataKey] as? [CBUUID: Data] ?? [:]
        manufacturerData = dictionary[CBAdvertisementDataManufacturerDataKey] as? Data
        overflowServiceUUIDs = dictionary[CBAdvertisementDataOverflowServiceUUIDsKey] as? [CBUUID] ?? []
        solicitedServiceUUIDs = dictionary[CBAdvertisementDataSolicitedServiceUUIDsKey] as? [CBUUID] ?? []
        isConnectable = (dictionary[CBAdvertisementDataIsConnectable] as? NSNumber)?.boolValue
    }
}
