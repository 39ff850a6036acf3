import Crypto
import _CryptoExtras

/// The AES-128 block function the LE Encrypt command exposes, done in software with swift-crypto.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.2.1 (security function e) and Vol 4, Part E, 7.8.22.
enum AES128 {
    /// Encrypts one 16-byte block; key, plaintext and result are most significant octet first, as in FIPS 197.
    static func encrypt(key: [UInt8], block: [UInt8]) -> [UInt8]? {
        guard key.count == 16, block.count == 16 else { return nil }
        var output = block
        do {
            try AES.permute(&output, key: SymmetricKey(data: key))
        } catch {
            return nil
        }
        return output
    }

    /// Encrypts one block given as HCI carries it: key, plaintext and result least significant octet first.
    static func encrypt(littleEndianKey key: [UInt8], littleEndianBlock block: [UInt8]) -> [UInt8]? {
        encrypt(key: key.reversed(), block: block.reversed()).map { $0.reversed() }
    }
}
