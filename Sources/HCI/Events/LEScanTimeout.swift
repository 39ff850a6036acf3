/// Tells the host that scanning ended because its duration elapsed.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.17.
public struct LEScanTimeoutEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.scanTimeout

    /// Makes the event, which has no parameters.
    public init() {}
}

extension LEScanTimeoutEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {}

    public func encode(into writer: inout ByteWriter) {}
}
