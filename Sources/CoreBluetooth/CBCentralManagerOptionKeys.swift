/// The central-manager init option asking the system to warn the user when Bluetooth is off; an `NSNumber` Bool.
public let CBCentralManagerOptionShowPowerAlertKey: String = "kCBInitOptionShowPowerAlert"

/// The central-manager init option naming the manager for state restoration; a `String`.
public let CBCentralManagerOptionRestoreIdentifierKey: String = "kCBInitOptionRestoreIdentifier"

/// The central-manager init option asking for media devices set up with AccessorySetupKit; an `NSNumber` Bool.
public let CBCentralManagerOptionDeviceAccessForMedia: String = "kCBInitOptionDeviceAccessForMedia"

/// The scan option reporting every advertisement of a peripheral, not only the first; `NSNumber` Bool, default false.
public let CBCentralManagerScanOptionAllowDuplicatesKey: String = "kCBScanOptionAllowDuplicates"

/// The scan option also reporting peripherals that solicit any of these services; a `[CBUUID]`.
public let CBCentralManagerScanOptionSolicitedServiceUUIDsKey: String = "kCBScanOptionSolicitedServiceUUIDs"

/// The restored-state key of the peripherals the manager was connected or connecting to; a `[CBPeripheral]`.
public let CBCentralManagerRestoredStatePeripheralsKey: String = "kCBRestoredPeripherals"

/// The restored-state key of the services the manager was scanning for; a `[CBUUID]`.
public let CBCentralManagerRestoredStateScanServicesKey: String = "kCBRestoredScanServices"

/// The restored-state key of the scan options the manager was using; a `[String: Any]`.
public let CBCentralManagerRestoredStateScanOptionsKey: String = "kCBRestoredScanOptions"
