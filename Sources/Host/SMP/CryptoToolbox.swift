import Crypto
import _CryptoExtras

/// The Security Manager's cryptographic functions, computed with swift-crypto.
///
/// Byte order: every 128-bit value (keys, random numbers, confirm and check values) is a `UInt128`, a number
/// with no byte order of its own; `ByteWriter.write(_:)` and `ByteReader.read()` give it the least significant
/// octet first order that SMP PDUs and HCI commands carry. A concatenation `a || b` puts `a` in the most
/// significant part, and the spec's sample data (Appendix D) reads as `UInt128` literals unchanged. 256-bit
/// values (public key coordinates, the DHKey) are 32-octet arrays, most significant octet first as the spec
/// writes them; ``P256PublicKey`` converts them from and to the order of the Pairing Public Key PDU.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.2.
public enum CryptoToolbox {
    /// Security function e: encrypts one 128-bit block with AES-128.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.1.
    public static func e(key: UInt128, plaintext: UInt128) -> UInt128 {
        var block = plaintext.bigEndianBytes
        do {
            try AES.permute(&block, key: SymmetricKey(data: key.bigEndianBytes))
        } catch {
            preconditionFailure("AES-128 rejected a 16-octet key and block: \(error)")
        }
        return UInt128(bigEndianBytes: block)
    }

    /// AES-CMAC (RFC 4493) with a 128-bit key over a message given most significant octet first.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.5.
    static func aesCMAC(key: UInt128, message: [UInt8]) -> UInt128 {
        let symmetricKey = SymmetricKey(data: key.bigEndianBytes)
        var mac: AES.CMAC
        do {
            mac = try AES.CMAC(key: symmetricKey)
        } catch {
            preconditionFailure("AES-CMAC rejected a 16-octet key: \(error)")
        }
        message.withUnsafeBytes { mac.update(bufferPointer: $0) }
        return UInt128(bigEndianBytes: mac.finalize().withUnsafeBytes { Array($0) })
    }
}
