import Crypto

/// A P-256 public key that is known to be a point on the curve, as LE Secure Connections exchanges it.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1 and 3.5.6.
public struct P256PublicKey: Sendable {
    /// The x coordinate, 32 octets, most significant first (the form f4 and g2 take).
    public let x: [UInt8]
    /// The y coordinate, 32 octets, most significant first.
    public let y: [UInt8]
    let key: P256.KeyAgreement.PublicKey

    /// Checks coordinates given most significant octet first, as the spec writes them.
    ///
    /// Throws ``SMPCryptoError/invalidPublicKey`` unless both are 32 octets and the point lies on the curve.
    public init(x: [UInt8], y: [UInt8]) throws(SMPCryptoError) {
        guard x.count == 32, y.count == 32 else { throw .invalidPublicKey }
        do {
            key = try P256.KeyAgreement.PublicKey(rawRepresentation: x + y)
        } catch {
            throw .invalidPublicKey
        }
        self.x = x
        self.y = y
    }

    /// Checks coordinates as the Pairing Public Key PDU carries them, least significant octet first.
    ///
    /// Throws ``SMPCryptoError/invalidPublicKey`` unless both are 32 octets and the point lies on the curve.
    public init(wireX: [UInt8], wireY: [UInt8]) throws(SMPCryptoError) {
        try self.init(x: wireX.reversed(), y: wireY.reversed())
    }

    init(key: P256.KeyAgreement.PublicKey) {
        let raw = key.rawRepresentation.withUnsafeBytes { Array($0) }
        self.key = key
        x = Array(raw[..<32])
        y = Array(raw[32...])
    }

    /// The x coordinate as the Pairing Public Key PDU carries it, least significant octet first.
    public var wireX: [UInt8] { x.reversed() }

    /// The y coordinate as the Pairing Public Key PDU carries it, least significant octet first.
    public var wireY: [UInt8] { y.reversed() }

    /// Whether this is the spec's debug public key, which a device not in debug mode may refuse.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1.
    public var isDebugKey: Bool { self == P256KeyPair.debug.publicKey }
}

extension P256PublicKey: Hashable {
    public static func == (lhs: P256PublicKey, rhs: P256PublicKey) -> Bool {
        lhs.x == rhs.x && lhs.y == rhs.y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(y)
    }
}
