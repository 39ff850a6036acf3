/// Tells the controller whether the host supports LE.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.3.79.
public struct WriteLEHostSupportCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x03, ocf: 0x006D)

    /// Whether the host supports LE.
    public var leSupportedHost: Bool
    /// Unused by current controllers; the host sends 0.
    public var simultaneousLEHost: UInt8

    public init(leSupportedHost: Bool, simultaneousLEHost: UInt8) {
        self.leSupportedHost = leSupportedHost
        self.simultaneousLEHost = simultaneousLEHost
    }
}

extension WriteLEHostSupportCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        leSupportedHost = try reader.readBool(field: "LE_Supported_Host")
        simultaneousLEHost = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(leSupportedHost)
        writer.write(simultaneousLEHost)
    }
}
