/// Where a pairing gets its random values, passkeys and P-256 key pairs; tests inject a deterministic one.
///
/// Every value drawn must be unpredictable to an attacker: the nonces, the passkey, the distributed keys and the
/// private key all protect the link.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.6.
public protocol PairingRandomness: RandomNumberGenerator, Sendable {
    /// Draws a 128-bit value: a nonce, a random value or a key.
    mutating func next128() -> UInt128
    /// Makes a fresh P-256 key pair for one LE Secure Connections pairing.
    mutating func makeKeyPair() -> P256KeyPair
}

extension PairingRandomness {
    /// Draws a 128-bit value from two 64-bit ones.
    public mutating func next128() -> UInt128 {
        next()
    }
}

/// The default source: the system's cryptographically secure generator and freshly generated key pairs.
public struct SystemPairingRandomness: PairingRandomness {
    private var generator = SystemRandomNumberGenerator()

    /// Draws from the system's secure random source.
    public init() {}

    public mutating func next() -> UInt64 {
        generator.next()
    }

    public mutating func makeKeyPair() -> P256KeyPair {
        P256KeyPair()
    }
}
