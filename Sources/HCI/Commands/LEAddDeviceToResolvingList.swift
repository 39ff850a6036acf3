/// Adds a peer's identity and keys to the controller's resolving list.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.38.
public struct LEAddDeviceToResolvingListCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0027)

    /// The kind of the peer's identity address (public or random).
    public var peerIdentityAddressType: AddressType
    /// The peer's identity address.
    public var peerIdentityAddress: BluetoothAddress
    /// The peer's 16-byte identity resolving key, in wire (little-endian) order.
    public var peerIRK: [UInt8]
    /// The local 16-byte identity resolving key, in wire (little-endian) order.
    public var localIRK: [UInt8]

    public init(
        peerIdentityAddressType: AddressType,
        peerIdentityAddress: BluetoothAddress,
        peerIRK: [UInt8],
        localIRK: [UInt8]
    ) {
        self.peerIdentityAddressType = peerIdentityAddressType
        self.peerIdentityAddress = peerIdentityAddress
        self.peerIRK = peerIRK
        self.localIRK = localIRK
    }
}

extension LEAddDeviceToResolvingListCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        peerIdentityAddressType = try AddressType(from: &reader)
        peerIdentityAddress = try BluetoothAddress(from: &reader)
        peerIRK = try reader.readFixed(16)
        localIRK = try reader.readFixed(16)
    }

    public func encode(into writer: inout ByteWriter) {
        peerIdentityAddressType.encode(into: &writer)
        peerIdentityAddress.encode(into: &writer)
        writer.writeFixedField(peerIRK, count: 16, field: "Peer_IRK")
        writer.writeFixedField(localIRK, count: 16, field: "Local_IRK")
    }
}
