/// Starts or stops legacy advertising.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.9.
public struct LESetAdvertisingEnableCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x000A)

    /// Whether to advertise.
    public var enable: Bool

    public init(enable: Bool) {
        self.enable = enable
    }
}

extension LESetAdvertisingEnableCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        enable = try reader.readBool(field: "Advertising_Enable")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(enable)
    }
}
