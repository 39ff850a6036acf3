/// The key of the advertised local name in advertisement data; the value is a `String`.
public let CBAdvertisementDataLocalNameKey: String = "kCBAdvDataLocalName"

/// The key of the advertised transmit power level in advertisement data; the value is an `NSNumber`.
public let CBAdvertisementDataTxPowerLevelKey: String = "kCBAdvDataTxPowerLevel"

/// The key of the advertised service UUIDs in advertisement data; the value is a `[CBUUID]`.
public let CBAdvertisementDataServiceUUIDsKey: String = "kCBAdvDataServiceUUIDs"

/// The key of the advertised service data in advertisement data; the value is a `[CBUUID: Data]`.
public let CBAdvertisementDataServiceDataKey: String = "kCBAdvDataServiceData"

/// The key of the advertised manufacturer-specific data in advertisement data; the value is `Data`.
public let CBAdvertisementDataManufacturerDataKey: String = "kCBAdvDataManufacturerData"

/// The key of the service UUIDs found in the overflow area of advertisement data; the value is a `[CBUUID]`.
///
/// Apple's string names the hashed form iOS uses for that area.
public let CBAdvertisementDataOverflowServiceUUIDsKey: String = "kCBAdvDataHashedServiceUUIDs"

/// The key of whether the advertiser accepts connections, in advertisement data; the value is an `NSNumber` Bool.
public let CBAdvertisementDataIsConnectable: String = "kCBAdvDataIsConnectable"

/// The key of the advertised service solicitation UUIDs in advertisement data; the value is a `[CBUUID]`.
public let CBAdvertisementDataSolicitedServiceUUIDsKey: String = "kCBAdvDataSolicitedServiceUUIDs"
