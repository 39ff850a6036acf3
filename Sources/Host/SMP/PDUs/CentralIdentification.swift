import HCI

/// Distributes the EDIV and Rand that identify the Long Term Key just sent, for later encryption.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.3.
public struct CentralIdentification: WireCodable, Hashable {
    /// The Encrypted Diversifier.
    public var ediv: UInt16
    /// The 64-bit random number.
    public var rand: UInt64

    /// Wraps an EDIV and a Rand.
    public init(ediv: UInt16, rand: UInt64) {
        self.ediv = ediv
        self.rand = rand
    }
}

extension CentralIdentification {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        ediv = try reader.read()
        rand = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(ediv)
        writer.write(rand)
    }
}
