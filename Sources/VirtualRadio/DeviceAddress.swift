import HCI

/// A device address together with its kind, as the link layer compares and filters addresses.
struct DeviceAddress: Hashable, Sendable {
    var type: AddressType
    var address: BluetoothAddress

    /// The same address with the identity kinds (0x02, 0x03) folded onto public and random.
    var normalized: DeviceAddress {
        DeviceAddress(type: type.isRandom ? .random : .public, address: address)
    }

    /// Whether the two name the same device, ignoring whether either was given as an identity kind.
    func matches(_ other: DeviceAddress) -> Bool {
        normalized == other.normalized
    }
}
