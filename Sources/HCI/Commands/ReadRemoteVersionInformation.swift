/// Asks the peer on a connection for its link-layer version and manufacturer.
///
/// The answer arrives in a Read Remote Version Information Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.1.23.
public struct ReadRemoteVersionInformationCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x01, ocf: 0x001D)

    /// The connection the command applies to.
    public var handle: ConnectionHandle

    public init(handle: ConnectionHandle) {
        self.handle = handle
    }
}

extension ReadRemoteVersionInformationCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}
