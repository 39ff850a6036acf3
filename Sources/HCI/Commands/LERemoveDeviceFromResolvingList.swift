/// Removes a peer from the controller's resolving list.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.39.
public struct LERemoveDeviceFromResolvingListCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0028)

    /// The kind of the peer's identity address (public or random).
    public var peerIdentityAddressType: AddressType
    /// The peer's identity address.
    public var peerIdentityAddress: BluetoothAddress

    public init(peerIdentityAddressType: AddressType, peerIdentityAddress: BluetoothAddress) {
        self.peerIdentityAddressType = peerIdentityAddressType
        self.peerIdentityAddress = peerIdentityAddress
    }
}

extension LERemoveDeviceFromResolvingListCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        peerIdentityAddressType = try AddressType(from: &reader)
        peerIdentityAddress = try BluetoothAddress(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        peerIdentityAddressType.encode(into: &writer)
        peerIdentityAddress.encode(into: &writer)
    }
}
