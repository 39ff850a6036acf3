/// Return parameters of a command that returns only the connection it applied to.
///
/// LE Long Term Key Request Reply and Negative Reply, LE Remote Connection Parameter Request Reply and
/// Negative Reply, and LE Set Data Length return this after their Status byte.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.25, 7.8.26, 7.8.31, 7.8.32 and 7.8.33.
public struct ConnectionHandleReturnParameters: WireCodable, Hashable {
    /// The connection the command applied to.
    public var handle: ConnectionHandle

    public init(handle: ConnectionHandle) {
        self.handle = handle
    }

    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}
