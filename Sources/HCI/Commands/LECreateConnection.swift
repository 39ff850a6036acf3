/// Starts initiating a connection on the LE 1M PHY.
///
/// The outcome arrives in an LE Connection Complete or LE Enhanced Connection Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.12.
public struct LECreateConnectionCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x000D)

    /// Time between the starts of two scan windows, in units of 0.625 ms.
    public var scanInterval: UInt16
    /// How long each scan lasts, in units of 0.625 ms.
    public var scanWindow: UInt16
    /// Whether to connect to any device on the filter accept list instead of the peer given.
    public var initiatorFilterPolicy: UInt8
    /// The kind of the peer's address.
    public var peerAddressType: AddressType
    /// The address of the device to connect to.
    public var peerAddress: BluetoothAddress
    /// Which of the device's addresses the connection request carries.
    public var ownAddressType: AddressType
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
        scanInterval: UInt16,
        scanWindow: UInt16,
        initiatorFilterPolicy: UInt8,
        peerAddressType: AddressType,
        peerAddress: BluetoothAddress,
        ownAddressType: AddressType,
        connectionIntervalMin: UInt16,
        connectionIntervalMax: UInt16,
        maxLatency: UInt16,
        supervisionTimeout: UInt16,
        minCELength: UInt16,
        maxCELength: UInt16
    ) {
        self.scanInterval = scanInterval
        self.scanWindow = scanWindow
        self.initiatorFilterPolicy = initiatorFilterPolicy
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.ownAddressType = ownAddressType
        self.connectionIntervalMin = connectionIntervalMin
        self.connectionIntervalMax = connectionIntervalMax
        self.maxLatency = maxLatency
        self.supervisionTimeout = supervisionTimeout
        self.minCELength = minCELength
        self.maxCELength = maxCELength
    }
}

extension LECreateConnectionCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        scanInterval = try reader.read()
        scanWindow = try reader.read()
        initiatorFilterPolicy = try reader.read()
        peerAddressType = try AddressType(from: &reader)
        peerAddress = try BluetoothAddress(from: &reader)
        ownAddressType = try AddressType(from: &reader)
        connectionIntervalMin = try reader.read()
        connectionIntervalMax = try reader.read()
        maxLatency = try reader.read()
        supervisionTimeout = try reader.read()
        minCELength = try reader.read()
        maxCELength = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(scanInterval)
        writer.write(scanWindow)
        writer.write(initiatorFilterPolicy)
        peerAddressType.encode(into: &writer)
        peerAddress.encode(into: &writer)
        ownAddressType.encode(into: &writer)
        writer.write(connectionIntervalMin)
        writer.write(connectionIntervalMax)
        writer.write(maxLatency)
        writer.write(supervisionTimeout)
        writer.write(minCELength)
        writer.write(maxCELength)
    }
}
