/// Sets the PHYs the host prefers for new connections.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.48.
public struct LESetDefaultPHYCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0031)

    /// Bit 0: no transmit preference; bit 1: no receive preference.
    public var allPHYs: UInt8
    /// PHYs the host prefers to transmit on.
    public var txPHYs: PHYMask
    /// PHYs the host prefers to receive on.
    public var rxPHYs: PHYMask

    public init(allPHYs: UInt8, txPHYs: PHYMask, rxPHYs: PHYMask) {
        self.allPHYs = allPHYs
        self.txPHYs = txPHYs
        self.rxPHYs = rxPHYs
    }
}

extension LESetDefaultPHYCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        allPHYs = try reader.read()
        txPHYs = try PHYMask(from: &reader)
        rxPHYs = try PHYMask(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(allPHYs)
        txPHYs.encode(into: &writer)
        rxPHYs.encode(into: &writer)
    }
}
