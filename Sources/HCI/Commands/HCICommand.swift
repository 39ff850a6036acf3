/// What every HCI command has: an opcode and parameters with one wire form.
public protocol HCICommandParameters: WireCodable {
    /// The command's opcode.
    static var opcode: HCIOpcode { get }
}

/// A command the controller answers at once with Command Complete carrying ``ReturnParameters``.
///
/// The return parameters exclude the leading Status byte, which the command channel checks first.
public protocol HCICommand: HCICommandParameters {
    /// What a successful Command Complete carries after its Status byte.
    associatedtype ReturnParameters: WireCodable
}

/// A command the controller acknowledges with Command Status; its outcome arrives later in an event.
public protocol HCIAsyncCommand: HCICommandParameters {}

/// Return parameters of a command that returns nothing but its Status.
public struct EmptyReturnParameters: WireCodable, Hashable {
    public init() {}
    public init(from reader: inout ByteReader) throws(DecodeError) {}
    public func encode(into writer: inout ByteWriter) {}
}

/// Parameters of a command that takes none.
public protocol HCIParameterlessCommand: HCICommandParameters {
    init()
}

extension HCIParameterlessCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) { self.init() }
    public func encode(into writer: inout ByteWriter) {}
}
