/// Turns resolution of private addresses in the controller on or off.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.44.
public struct LESetAddressResolutionEnableCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x002D)

    /// Whether the controller resolves private addresses.
    public var addressResolutionEnable: Bool

    public init(addressResolutionEnable: Bool) {
        self.addressResolutionEnable = addressResolutionEnable
    }
}

extension LESetAddressResolutionEnableCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        addressResolutionEnable = try reader.readBool(field: "Address_Resolution_Enable")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(addressResolutionEnable)
    }
}
