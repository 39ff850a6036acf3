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

/// How the start-up sequence sets up a controller's own address, by the policy docs/controllers.md writes down:
/// the configured static random address when one is given; else the controller's public address when it has one;
/// else a fresh static random address. (Privacy, when configured, then advertises, scans and connects from
/// resolvable private addresses.)
public struct ControllerSetupOptions: Sendable {
    /// The static random address to advertise, scan and connect with, even on a controller with a public address;
    /// nil uses the public address, or a fresh static random address when the controller has none.
    public var staticRandomAddress: BluetoothAddress?

    public init(staticRandomAddress: BluetoothAddress? = nil) {
        self.staticRandomAddress = staticRandomAddress
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
