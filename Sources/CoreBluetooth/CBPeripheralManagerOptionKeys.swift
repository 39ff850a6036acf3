/// The peripheral-manager init option asking the system to warn the user when Bluetooth is off; an `NSNumber` Bool.
///
/// Apple uses the same string as the central-manager option.
public let CBPeripheralManagerOptionShowPowerAlertKey: String = "kCBInitOptionShowPowerAlert"

/// The peripheral-manager init option naming the manager for state restoration; a `String`.
///
/// Apple uses the same string as the central-manager option.
public let CBPeripheralManagerOptionRestoreIdentifierKey: String = "kCBInitOptionRestoreIdentifier"

/// The restored-state key of the services the manager had published; a `[CBMutableService]`.
public let CBPeripheralManagerRestoredStateServicesKey: String = "kCBRestoredServices"

/// The restored-state key of the advertisement data the manager was advertising; a `[String: Any]`.
public let CBPeripheralManagerRestoredStateAdvertisementDataKey: String = "kCBRestoredAdvertisement"
