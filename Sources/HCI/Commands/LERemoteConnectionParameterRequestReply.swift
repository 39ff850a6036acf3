/// Accepts a peer's request to change connection parameters, with the parameters to use.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.31.
public struct LERemoteConnectionParameterRequestReplyCommand: HCICommand, Hashable {
    public typealias ReturnParameters = ConnectionHandleReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0020)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Shortest acceptable connection interval, in units of 1.25 ms.
    public var intervalMin: UInt16
    /// Longest acceptable connection interval, in units of 1.25 ms.
    public var intervalMax: UInt16
    /// How many connection events the peripheral may skip.
    public var maxLatency: UInt16
    /// Supervision timeout, in units of 10 ms.
    public var timeout: UInt16
    /// Shortest expected connection event, in units of 0.625 ms.
    public var minCELength: UInt16
    /// Longest expected connection event, in units of 0.625 ms.
    public var maxCELength: UInt16

    public init(
        handle: ConnectionHandle,
        intervalMin: UInt16,
        intervalMax: UInt16,
        maxLatency: UInt16,
        timeout: UInt16,
        minCELength: UInt16,
        maxCELength: UInt16
    ) {
        self.handle = handle
        self.intervalMin = intervalMin
        self.intervalMax = intervalMax
        self.maxLatency = maxLatency
        self.timeout = timeout
        self.minCELength = minCELength
        self.maxCELength = maxCELength
    }
}

extension LERemoteConnectionParameterRequestReplyCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        intervalMin = try reader.read()
        intervalMax = try reader.read()
        maxLatency = try reader.read()
        timeout = try reader.read()
        minCELength = try reader.read()
        maxCELength = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(intervalMin)
        writer.write(intervalMax)
        writer.write(maxLatency)
        writer.write(timeout)
        writer.write(minCELength)
        writer.write(maxCELength)
    }
}
