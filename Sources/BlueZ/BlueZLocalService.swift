/// A GATT service this process publishes through bluetoothd (`GattManager1.RegisterApplication`), with what
/// bluetoothd's `GattService1` object for it says.
public struct BlueZLocalService: Equatable, Sendable {
    /// Its UUID, as BlueZ writes it (128-bit, lower case).
    public var uuid: String
    /// Whether it is a primary service.
    public var isPrimary: Bool
    /// The positions, in the list of services published with it, of the services it includes.
    public var includes: [Int]
    /// Its characteristics, in the order they get their handles.
    public var characteristics: [BlueZLocalCharacteristic]

    /// A service described field by field.
    public init(uuid: String, isPrimary: Bool, includes: [Int], characteristics: [BlueZLocalCharacteristic]) {
        self.uuid = uuid
        self.isPrimary = isPrimary
        self.includes = includes
        self.characteristics = characteristics
    }
}

/// A characteristic of a published service (`GattCharacteristic1`).
public struct BlueZLocalCharacteristic: Equatable, Sendable {
    /// Its UUID (128-bit, lower case).
    public var uuid: String
    /// Its `Flags`: properties and access rules as BlueZ names them (`read`, `encrypt-write`, `notify`, ...).
    public var flags: [String]
    /// The value reads get without the app being asked (a cached value); nil when every read goes to the app.
    public var staticValue: [UInt8]?
    /// Its descriptors, other than the ones bluetoothd makes itself (Client Characteristic Configuration and
    /// Extended Properties).
    public var descriptors: [BlueZLocalDescriptor]

    /// A characteristic described field by field.
    public init(uuid: String, flags: [String], staticValue: [UInt8]?, descriptors: [BlueZLocalDescriptor]) {
        self.uuid = uuid
        self.flags = flags
        self.staticValue = staticValue
        self.descriptors = descriptors
    }
}

/// A descriptor of a published characteristic (`GattDescriptor1`), read-only with a fixed value.
public struct BlueZLocalDescriptor: Equatable, Sendable {
    /// Its UUID (128-bit, lower case).
    public var uuid: String
    /// Its `Flags` (`read`, `encrypt-read`, ...).
    public var flags: [String]
    /// Its value, which this module answers reads with.
    public var value: [UInt8]

    /// A descriptor described field by field.
    public init(uuid: String, flags: [String], value: [UInt8]) {
        self.uuid = uuid
        self.flags = flags
        self.value = value
    }
}
