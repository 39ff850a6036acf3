/// What this device gives its peer out of band for LE Secure Connections: a random value and a confirm value
/// that commits to its public key; the pairing must then use the same key pair.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.4.
public struct LocalOOBData: Sendable {
    /// The key pair whose public key the confirm value commits to.
    public let keyPair: P256KeyPair
    /// The random value r sent out of band.
    public let random: UInt128

    /// Wraps a key pair and the random value given out with it.
    public init(keyPair: P256KeyPair, random: UInt128) {
        self.keyPair = keyPair
        self.random = random
    }

    /// Makes fresh OOB data: a new key pair and a new random value.
    public static func generate(using randomness: inout some PairingRandomness) -> LocalOOBData {
        LocalOOBData(keyPair: randomness.makeKeyPair(), random: randomness.next128())
    }

    /// The confirm value C = f4(PKx, PKx, r, 0) sent out of band with the random value.
    public var confirm: UInt128 {
        CryptoToolbox.f4(u: keyPair.publicKey.x, v: keyPair.publicKey.x, x: random, z: 0)
    }

    /// The data as the peer receives it.
    public var peerView: PeerOOBData {
        PeerOOBData(random: random, confirm: confirm)
    }
}
