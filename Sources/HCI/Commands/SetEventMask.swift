/// Chooses which events (other than LE subevents) the controller may send to the host.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.3.1.
public struct SetEventMaskCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x03, ocf: 0x0001)

    /// One bit per event; a set bit enables the event.
    public var eventMask: UInt64

    public init(eventMask: UInt64) {
        self.eventMask = eventMask
    }
}

extension SetEventMaskCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        eventMask = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(eventMask)
    }
}
