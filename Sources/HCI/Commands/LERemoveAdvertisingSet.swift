/// Removes one advertising set from the controller.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.59.
public struct LERemoveAdvertisingSetCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x003C)

    /// The advertising set the command applies to.
    public var advertisingHandle: UInt8

    public init(advertisingHandle: UInt8) {
        self.advertisingHandle = advertisingHandle
    }
}

extension LERemoveAdvertisingSetCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        advertisingHandle = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(advertisingHandle)
    }
}
