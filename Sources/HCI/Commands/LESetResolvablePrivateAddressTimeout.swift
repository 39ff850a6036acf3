/// Sets how often the controller generates a new resolvable private address.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.45.
public struct LESetResolvablePrivateAddressTimeoutCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x002E)

    /// Lifetime of a resolvable private address, in seconds.
    public var rpaTimeout: UInt16

    public init(rpaTimeout: UInt16) {
        self.rpaTimeout = rpaTimeout
    }
}

extension LESetResolvablePrivateAddressTimeoutCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        rpaTimeout = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rpaTimeout)
    }
}
