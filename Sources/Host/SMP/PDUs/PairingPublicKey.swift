import HCI

/// Carries a device's P-256 public key in LE Secure Connections pairing.
///
/// The coordinates are kept as received, least significant octet first; whether they form a point on the
/// curve is checked by ``P256PublicKey/init(wireX:wireY:)``, so that a bad key fails pairing rather than decoding.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.6.
public struct PairingPublicKey: WireCodable, Hashable {
    /// The x coordinate, 32 octets, least significant first.
    public var x: [UInt8]
    /// The y coordinate, 32 octets, least significant first.
    public var y: [UInt8]

    /// Wraps coordinates in wire order; each must be 32 octets.
    public init(x: [UInt8], y: [UInt8]) {
        precondition(x.count == 32 && y.count == 32, "P-256 coordinates are 32 octets")
        self.x = x
        self.y = y
    }

    /// Wraps a checked public key.
    public init(_ key: P256PublicKey) {
        self.init(x: key.wireX, y: key.wireY)
    }
}

extension PairingPublicKey {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        x = try reader.readFixed(32)
        y = try reader.readFixed(32)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(bytes: x)
        writer.write(bytes: y)
    }
}
