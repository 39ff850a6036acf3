/// Asks the peer on a connection for its LE features.
///
/// The answer arrives in an LE Read Remote Features Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.21.
public struct LEReadRemoteFeaturesCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0016)

    /// The connection the command applies to.
    public var handle: ConnectionHandle

    public init(handle: ConnectionHandle) {
        self.handle = handle
    }
}

extension LEReadRemoteFeaturesCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}
