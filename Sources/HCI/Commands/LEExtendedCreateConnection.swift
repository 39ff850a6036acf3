/// Starts initiating a connection, with parameters for each PHY to initiate on (v1).
///
/// There is one ``PHYParameters`` entry for each bit set in ``initiatingPHYs``, lowest bit first.
/// The outcome arrives in an LE Enhanced Connection Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.66.
public struct LEExtendedCreateConnectionCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0043)

    /// Whether to connect to any device on the filter accept list instead of the peer given.
    public var initiatorFilterPolicy: UInt8
    /// Which of the device's addresses the connection request carries.
    public var ownAddressType: AddressType
    /// The kind of the peer's address.
    public var peerAddressType: AddressType
    /// The address of the device to connect to.
    public var peerAddress: BluetoothAddress
    /// The PHYs to initiate on (LE 1M, LE 2M, LE Coded).
    public var initiatingPHYs: PHYMask
    /// The parameters for each PHY in ``initiatingPHYs``, in bit order.
    public var phys: [PHYParameters]

    public init(
        initiatorFilterPolicy: UInt8,
        ownAddressType: AddressType,
        peerAddressType: AddressType,
        peerAddress: BluetoothAddress,
        initiatingPHYs: PHYMask,
        phys: [PHYParameters]
    ) {
        self.initiatorFilterPolicy = initiatorFilterPolicy
        self.ownAddressType = ownAddressType
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.initiatingPHYs = initiatingPHYs
        self.phys = phys
    }

    /// How to scan for the peer, and the connection to ask for, on one PHY.
    public struct PHYParameters: WireCodable, Hashable {
        /// Time between the starts of two scan windows, in units of 0.625 ms.
        public var scanInterval: UInt16
        /// How long each scan lasts, in units of 0.625 ms.
        public var scanWindow: UInt16
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
            connectionIntervalMin: UInt16,
            connectionIntervalMax: UInt16,
            maxLatency: UInt16,
            supervisionTimeout: UInt16,
            minCELength: UInt16,
            maxCELength: UInt16
        ) {
            self.scanInterval = scanInterval
            self.scanWindow = scanWindow
            self.connectionIntervalMin = connectionIntervalMin
            self.connectionIntervalMax = connectionIntervalMax
            self.maxLatency = maxLatency
            self.supervisionTimeout = supervisionTimeout
            self.minCELength = minCELength
            self.maxCELength = maxCELength
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            scanInterval = try reader.read()
            scanWindow = try reader.read()
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
            writer.write(connectionIntervalMin)
            writer.write(connectionIntervalMax)
            writer.write(maxLatency)
            writer.write(supervisionTimeout)
            writer.write(minCELength)
            writer.write(maxCELength)
        }
    }
}

extension LEExtendedCreateConnectionCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        initiatorFilterPolicy = try reader.read()
        ownAddressType = try AddressType(from: &reader)
        peerAddressType = try AddressType(from: &reader)
        peerAddress = try BluetoothAddress(from: &reader)
        initiatingPHYs = try PHYMask(from: &reader)
        phys = []
        for _ in 0..<initiatingPHYs.rawValue.nonzeroBitCount {
            phys.append(try PHYParameters(from: &reader))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        precondition(
            phys.count == initiatingPHYs.rawValue.nonzeroBitCount,
            "one PHYParameters entry is needed per bit set in Initiating_PHYs")
        writer.write(initiatorFilterPolicy)
        ownAddressType.encode(into: &writer)
        peerAddressType.encode(into: &writer)
        peerAddress.encode(into: &writer)
        initiatingPHYs.encode(into: &writer)
        for entry in phys {
            entry.encode(into: &writer)
        }
    }
}
