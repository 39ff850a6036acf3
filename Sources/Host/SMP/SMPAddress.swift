import HCI

/// A device address together with its type, as the pairing functions c1, f5 and f6 mix it in.
///
/// Use the address the link was made with (a resolvable private address, not the identity behind it).
///
/// Bluetooth Core Specification Vol 3, Part H, 2.2.3 and 2.2.7.
public struct SMPAddress: Hashable, Sendable {
    /// Whether the address is public or random; the identity types count as their public or random kind.
    public var type: AddressType
    /// The 48-bit device address.
    public var address: BluetoothAddress

    /// Pairs an address with its type.
    public init(type: AddressType, address: BluetoothAddress) {
        self.type = type
        self.address = address
    }

    /// The address type as c1 takes it (iat, rat): 0 for public, 1 for random.
    var typeBit: UInt8 { type.isRandom ? 1 : 0 }

    /// The 56-bit value f5 and f6 take (A1, A2), most significant octet first: the type bit, then the address.
    var bytes56: [UInt8] { [typeBit] + address.bytes }
}
