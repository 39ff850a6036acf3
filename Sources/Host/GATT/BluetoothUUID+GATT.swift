extension BluetoothUUID {
    /// Primary Service declaration, 0x2800. Bluetooth Core Specification Vol 3, Part G, 3.1.
    public static let primaryService = BluetoothUUID(uuid16: 0x2800)
    /// Secondary Service declaration, 0x2801. Bluetooth Core Specification Vol 3, Part G, 3.1.
    public static let secondaryService = BluetoothUUID(uuid16: 0x2801)
    /// Include declaration, 0x2802. Bluetooth Core Specification Vol 3, Part G, 3.2.
    public static let include = BluetoothUUID(uuid16: 0x2802)
    /// Characteristic declaration, 0x2803. Bluetooth Core Specification Vol 3, Part G, 3.3.1.
    public static let characteristic = BluetoothUUID(uuid16: 0x2803)
    /// Characteristic Extended Properties descriptor, 0x2900. Bluetooth Core Specification Vol 3, Part G, 3.3.3.1.
    public static let characteristicExtendedProperties = BluetoothUUID(uuid16: 0x2900)
    /// Characteristic User Description descriptor, 0x2901. Bluetooth Core Specification Vol 3, Part G, 3.3.3.2.
    public static let characteristicUserDescription = BluetoothUUID(uuid16: 0x2901)
    /// Client Characteristic Configuration descriptor, 0x2902. Bluetooth Core Specification Vol 3, Part G, 3.3.3.3.
    public static let clientCharacteristicConfiguration = BluetoothUUID(uuid16: 0x2902)
    /// Server Characteristic Configuration descriptor, 0x2903. Bluetooth Core Specification Vol 3, Part G, 3.3.3.4.
    public static let serverCharacteristicConfiguration = BluetoothUUID(uuid16: 0x2903)
    /// Characteristic Presentation Format descriptor, 0x2904. Bluetooth Core Specification Vol 3, Part G, 3.3.3.5.
    public static let characteristicPresentationFormat = BluetoothUUID(uuid16: 0x2904)
    /// Characteristic Aggregate Format descriptor, 0x2905. Bluetooth Core Specification Vol 3, Part G, 3.3.3.6.
    public static let characteristicAggregateFormat = BluetoothUUID(uuid16: 0x2905)

    /// Generic Access service, 0x1800. Bluetooth Core Specification Vol 3, Part C, 12.
    public static let genericAccessService = BluetoothUUID(uuid16: 0x1800)
    /// Generic Attribute service, 0x1801. Bluetooth Core Specification Vol 3, Part G, 7.
    public static let genericAttributeService = BluetoothUUID(uuid16: 0x1801)
    /// Device Name characteristic, 0x2A00. Bluetooth Core Specification Vol 3, Part C, 12.1.
    public static let deviceName = BluetoothUUID(uuid16: 0x2A00)
    /// Appearance characteristic, 0x2A01. Bluetooth Core Specification Vol 3, Part C, 12.2.
    public static let appearance = BluetoothUUID(uuid16: 0x2A01)
    /// Service Changed characteristic, 0x2A05. Bluetooth Core Specification Vol 3, Part G, 7.1.
    public static let serviceChanged = BluetoothUUID(uuid16: 0x2A05)
    /// Client Supported Features characteristic, 0x2B29. Bluetooth Core Specification Vol 3, Part G, 7.2.
    public static let clientSupportedFeatures = BluetoothUUID(uuid16: 0x2B29)
    /// Database Hash characteristic, 0x2B2A. Bluetooth Core Specification Vol 3, Part G, 7.3.
    public static let databaseHash = BluetoothUUID(uuid16: 0x2B2A)

    /// The form an attribute database carries the UUID in: 16-bit when it has one, 128-bit otherwise.
    var attributeForm: BluetoothUUID {
        if let short = uuid16 { return BluetoothUUID(uuid16: short) }
        return BluetoothUUID(uuid128: uuid128)
    }
}
