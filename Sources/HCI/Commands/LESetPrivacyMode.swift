/// Chooses network or device privacy for one entry of the resolving list.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.77.
public struct LESetPrivacyModeCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x004E)

    /// The kind of the peer's identity address (public or random).
    public var peerIdentityAddressType: AddressType
    /// The peer's identity address.
    public var peerIdentityAddress: BluetoothAddress
    /// 0: network privacy; 1: device privacy (the identity address is also accepted).
    public var privacyMode: UInt8

    public init(peerIdentityAddressType: AddressType, peerIdentityAddress: BluetoothAddress, privacyMode: UInt8) {
        self.peerIdentityAddressType = peerIdentityAddressType
        self.peerIdentityAddress = peerIdentityAddress
        self.privacyMode = privacyMode
    }
}

extension LESetPrivacyModeCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        peerIdentityAddressType = try AddressType(from: &reader)
        peerIdentityAddress = try BluetoothAddress(from: &reader)
        privacyMode = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        peerIdentityAddressType.encode(into: &writer)
        peerIdentityAddress.encode(into: &writer)
        writer.write(privacyMode)
    }
}
