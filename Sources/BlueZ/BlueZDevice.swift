/// A remote device as bluetoothd describes it (`org.bluez.Device1`): its address, what it last advertised
/// and where its connection stands.
public struct BlueZDevice: Equatable, Sendable {
    /// The device's object path, e.g. `/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF`.
    public var path: String
    /// The address, `AA:BB:CC:DD:EE:FF`.
    public var address: String
    /// Whether the address is random (else public).
    public var isRandomAddress: Bool
    /// The advertised or read name.
    public var name: String?
    /// The signal strength of the last advertisement, in dBm; nil when the device is not advertising.
    public var rssi: Int?
    /// The advertised transmit power, in dBm.
    public var txPower: Int?
    /// The service UUIDs advertised (and, once connected, found), as BlueZ writes them (128-bit, lower case).
    public var serviceUUIDs: [String]
    /// Manufacturer-specific data by company identifier.
    public var manufacturerData: [UInt16: [UInt8]]
    /// Service data by service UUID.
    public var serviceData: [String: [UInt8]]
    /// Whether the device is connected.
    public var isConnected: Bool
    /// Whether bluetoothd has discovered the device's GATT services.
    public var servicesResolved: Bool
    /// Whether the device is paired.
    public var isPaired: Bool

    /// A device described field by field.
    public init(
        path: String, address: String, isRandomAddress: Bool, name: String?, rssi: Int?, txPower: Int?,
        serviceUUIDs: [String], manufacturerData: [UInt16: [UInt8]], serviceData: [String: [UInt8]],
        isConnected: Bool, servicesResolved: Bool, isPaired: Bool
    ) {
        self.path = path
        self.address = address
        self.isRandomAddress = isRandomAddress
        self.name = name
        self.rssi = rssi
        self.txPower = txPower
        self.serviceUUIDs = serviceUUIDs
        self.manufacturerData = manufacturerData
        self.serviceData = serviceData
        self.isConnected = isConnected
        self.servicesResolved = servicesResolved
        self.isPaired = isPaired
    }

    init(path: String, properties: [String: DBusValue]) {
        self.path = path
        address = properties["Address"]?.text ?? ""
        isRandomAddress = properties["AddressType"]?.text == "random"
        name = properties["Name"]?.text
        rssi = properties["RSSI"]?.integer
        txPower = properties["TxPower"]?.integer
        serviceUUIDs = properties["UUIDs"]?.texts ?? []
        var manufacturer: [UInt16: [UInt8]] = [:]
        for entry in properties["ManufacturerData"]?.entries ?? [] {
            guard let company = entry.key.integer.flatMap(UInt16.init(exactly:)), let bytes = entry.value.byteArray
            else { continue }
            manufacturer[company] = bytes
        }
        manufacturerData = manufacturer
        var service: [String: [UInt8]] = [:]
        for entry in properties["ServiceData"]?.entries ?? [] {
            guard let uuid = entry.key.text, let bytes = entry.value.byteArray else { continue }
            service[uuid] = bytes
        }
        serviceData = service
        isConnected = properties["Connected"]?.bool ?? false
        servicesResolved = properties["ServicesResolved"]?.bool ?? false
        isPaired = properties["Paired"]?.bool ?? false
    }
}
