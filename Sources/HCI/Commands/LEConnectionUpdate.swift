/// Asks to change a connection's timing parameters.
///
/// The outcome arrives in an LE Connection Update Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.18.
public struct LEConnectionUpdateCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0013)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Shortest acceptable connection interval, in units of 1.25 ms.
    public var connectionIntervalMin: UInt16
    /// Longest acceptable connection interval, in units of 1.25 ms.
    public var connectionIntervalMax: UInt16
    /// How many connection events the peripheral may skip.
    public var maxLatency: UInt16
    /// Supervision timeout, in units of 10 ms.
    public var supervisionTimeout: UInt16
    /// Shortest expected connection event, in units of 0.625 ms.
    public var minCELength: UInt16
    /// Longest expected connection event, in units of 0.625 ms.
    public var maxCELength: UInt16

    public init(
        handle: ConnectionHandle,
        connectionIntervalMin: UInt16,
        connectionIntervalMax: UInt16,
        maxLatency: UInt16,
        supervisionTimeout: UInt16,
        minCELength: UInt16,
        maxCELength: UInt16
    ) {
        self.handle = handle
        self.connectionIntervalMin = connectionIntervalMin
        self.connectionIntervalMax = connectionIntervalMax
        self.maxLatency = maxLatency
        self.supervisionTimeout = supervisionTimeout
        self.minCELength = minCELength
        self.maxCELength = maxCELength
    }
}

extension LEConnectionUpdateCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        connectionIntervalMin = try reader.read()
        connectionIntervalMax = try reader.read()
        maxLatency = try reader.read()
        supervisionTimeout = try reader.read()
        minCELength = try reader.read()
        maxCELength = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(connectionIntervalMin)
        writer.write(connectionIntervalMax)
        writer.write(maxLatency)
        writer.write(supervisionTimeout)
        writer.write(minCELength)
        writer.write(maxCELength)
    }
}
