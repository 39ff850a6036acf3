import HCI

/// Distributes the sender's identity address: its public or static random address.
///
/// The address type is kept as received; the spec allows 0x00 (public) and 0x01 (static random).
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.5.
public struct IdentityAddressInformation: WireCodable, Hashable {
    /// Whether the identity address is public or static random.
    public var addressType: AddressType
    /// The identity address.
    public var address: BluetoothAddress

    /// Wraps an identity address.
    public init(addressType: AddressType, address: BluetoothAddress) {
        self.addressType = addressType
        self.address = address
    }
}

extension IdentityAddressInformation {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        addressType = try AddressType(from: &reader)
        address = try BluetoothAddress(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        addressType.encode(into: &writer)
        address.encode(into: &writer)
    }
}
