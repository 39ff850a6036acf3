import HCI

/// Carries a device's random value, which the peer checks against the confirm value it received.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.4.
public struct PairingRandom: WireCodable, Hashable {
    /// The random value: Mrand or Srand in legacy pairing, Na or Nb in Secure Connections.
    public var randomValue: UInt128

    /// Wraps a random value.
    public init(randomValue: UInt128) {
        self.randomValue = randomValue
    }
}

extension PairingRandom {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        randomValue = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(randomValue)
    }
}
