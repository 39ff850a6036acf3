/// Asks to change the PHYs a connection uses.
///
/// The outcome arrives in an LE PHY Update Complete event.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.49.
public struct LESetPHYCommand: HCIAsyncCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0032)

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Bit 0: no transmit preference; bit 1: no receive preference.
    public var allPHYs: UInt8
    /// PHYs the host prefers to transmit on.
    public var txPHYs: PHYMask
    /// PHYs the host prefers to receive on.
    public var rxPHYs: PHYMask
    /// Preferred coding on LE Coded: 0 none, 1 S=2, 2 S=8.
    public var phyOptions: UInt16

    public init(handle: ConnectionHandle, allPHYs: UInt8, txPHYs: PHYMask, rxPHYs: PHYMask, phyOptions: UInt16) {
        self.handle = handle
        self.allPHYs = allPHYs
        self.txPHYs = txPHYs
        self.rxPHYs = rxPHYs
        self.phyOptions = phyOptions
    }
}

extension LESetPHYCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        allPHYs = try reader.read()
        txPHYs = try PHYMask(from: &reader)
        rxPHYs = try PHYMask(from: &reader)
        phyOptions = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(allPHYs)
        txPHYs.encode(into: &writer)
        rxPHYs.encode(into: &writer)
        writer.write(phyOptions)
    }
}
