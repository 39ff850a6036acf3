import HCI

/// What the start-up sequence learned about a controller and the address it set up.
public struct ControllerInfo: Sendable, Equatable {
    /// HCI version, subversion and manufacturer.
    public var version: ReadLocalVersionInformationCommand.ReturnParameters
    /// The 64-byte mask of commands the controller supports.
    public var supportedCommands: [UInt8]
    /// The controller's public address (zero when it has none).
    public var publicAddress: BluetoothAddress
    /// The LE features the controller supports.
    public var leFeatures: LEFeatures
    /// Largest ACL payload per packet the controller accepts.
    public var aclBufferLength: Int
    /// How many ACL packets the controller can hold.
    public var aclBufferCount: Int
    /// The address the host advertises, scans and connects with.
    public var ownAddress: BluetoothAddress
    /// Whether ``ownAddress`` is public or random.
    public var ownAddressType: AddressType
}

/// How the start-up sequence sets up a controller.
public struct ControllerSetupOptions: Sendable {
    /// The static random address to use; nil picks a fresh one when one is needed.
    public var staticRandomAddress: BluetoothAddress?
    /// Use a static random address even when the controller has a public one.
    public var preferRandomAddress: Bool

    public init(staticRandomAddress: BluetoothAddress? = nil, preferRandomAddress: Bool = false) {
        self.staticRandomAddress = staticRandomAddress
        self.preferRandomAddress = preferRandomAddress
    }

    /// A fresh static random address: two top bits set, the rest random and neither all ones nor all zeros.
    public static func makeStaticRandomAddress() -> BluetoothAddress {
        var generator = SystemRandomNumberGenerator()
        while true {
            let random = generator.next() & 0x3FFF_FFFF_FFFF
            if random != 0 && random != 0x3FFF_FFFF_FFFF {
                return BluetoothAddress(rawValue: 0xC000_0000_0000 | random)
            }
        }
    }
}
