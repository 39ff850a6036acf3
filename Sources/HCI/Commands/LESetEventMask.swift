/// Chooses which LE subevents the controller may send to the host.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.1.
public struct LESetEventMaskCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0001)

    /// One bit per LE subevent; bit n enables subevent code n + 1.
    public var leEventMask: UInt64

    public init(leEventMask: UInt64) {
        self.leEventMask = leEventMask
    }
}

extension LESetEventMaskCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        leEventMask = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(leEventMask)
    }
}
