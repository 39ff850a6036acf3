import Crypto

/// A P-256 key pair for LE Secure Connections pairing: the local public key and Diffie-Hellman key computation.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1.
public struct P256KeyPair: Sendable {
    let privateKey: P256.KeyAgreement.PrivateKey
    /// The public key to send in the Pairing Public Key PDU.
    public let publicKey: P256PublicKey

    /// Generates a fresh key pair from the system's secure random source.
    public init() {
        self.init(privateKey: P256.KeyAgreement.PrivateKey())
    }

    /// Makes the key pair of a private key given as 32 octets, most significant first.
    ///
    /// Throws ``SMPCryptoError/invalidPrivateKey`` unless the value is 32 octets in the range 1 to n − 1.
    public init(privateKey: [UInt8]) throws(SMPCryptoError) {
        guard privateKey.count == 32 else { throw .invalidPrivateKey }
        do {
            self.init(privateKey: try P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey))
        } catch {
            throw .invalidPrivateKey
        }
    }

    private init(privateKey: P256.KeyAgreement.PrivateKey) {
        self.privateKey = privateKey
        publicKey = P256PublicKey(key: privateKey.publicKey)
    }

    /// The spec's debug key pair, whose private key is published so that air traces can be decrypted.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1.
    public static let debug: P256KeyPair = {
        let privateKey: [UInt8] = [
            0x3F, 0x49, 0xF6, 0xD4, 0xA3, 0xC5, 0x5F, 0x38, 0x74, 0xC9, 0xB3, 0xE3, 0xD2, 0x10, 0x3F, 0x50,
            0x4A, 0xFF, 0x60, 0x7B, 0xEB, 0x40, 0xB7, 0x99, 0x58, 0x99, 0xB8, 0xA6, 0xCD, 0x3C, 0x1A, 0xBD,
        ]
        do {
            return try P256KeyPair(privateKey: privateKey)
        } catch {
            preconditionFailure("the spec's debug private key was rejected: \(error)")
        }
    }()

    /// Computes the DHKey shared with a peer: the x coordinate of the shared point, 32 octets, most significant first.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1.
    public func dhKey(with peer: P256PublicKey) throws(SMPCryptoError) -> [UInt8] {
        do {
            let secret = try privateKey.sharedSecretFromKeyAgreement(with: peer.key)
            return secret.withUnsafeBytes { Array($0) }
        } catch {
            throw .invalidPublicKey
        }
    }
}
