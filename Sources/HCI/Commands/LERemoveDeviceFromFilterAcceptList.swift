/// Removes a device from the filter accept list.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.17.
public struct LERemoveDeviceFromFilterAcceptListCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0012)

    /// The kind of the device's address (0xFF: anonymous advertisers).
    public var addressType: AddressType
    /// The device's address.
    public var address: BluetoothAddress

    public init(addressType: AddressType, address: BluetoothAddress) {
        self.addressType = addressType
        self.address = address
    }
}

extension LERemoveDeviceFromFilterAcceptListCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        addressType = try AddressType(from: &reader)
        address = try BluetoothAddress(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        addressType.encode(into: &writer)
        address.encode(into: &writer)
    }
}
