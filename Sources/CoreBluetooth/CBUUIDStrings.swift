/// The UUID string of the Characteristic Extended Properties descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.1.
public let CBUUIDCharacteristicExtendedPropertiesString: String = "2900"

/// The UUID string of the Characteristic User Description descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.2.
public let CBUUIDCharacteristicUserDescriptionString: String = "2901"

/// The UUID string of the Client Characteristic Configuration descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.3.
public let CBUUIDClientCharacteristicConfigurationString: String = "2902"

/// The UUID string of the Server Characteristic Configuration descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.4.
public let CBUUIDServerCharacteristicConfigurationString: String = "2903"

/// The UUID string of the Characteristic Presentation Format descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.5.
public let CBUUIDCharacteristicFormatString: String = "2904"

/// The UUID string of the Characteristic Aggregate Format descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.6.
public let CBUUIDCharacteristicAggregateFormatString: String = "2905"

/// The UUID string of the Valid Range descriptor.
///
/// Bluetooth Assigned Numbers, 3.7 (descriptors).
public let CBUUIDCharacteristicValidRangeString: String = "2906"

/// The UUID string of the Observation Schedule descriptor.
///
/// Bluetooth Assigned Numbers, 3.7 (descriptors).
public let CBUUIDCharacteristicObservationScheduleString: String = "2910"

/// The UUID string of Apple's characteristic holding a published channel's L2CAP PSM, a little-endian `UInt16`.
public let CBUUIDL2CAPPSMCharacteristicString: String = "ABDD3056-28FA-441D-A470-55A75A52553A"
