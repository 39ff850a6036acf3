extension CryptoToolbox {
    /// The Authentication Signature of a signed ATT PDU: the SignCounter (4 octets, little-endian) followed by
    /// the 64 most significant bits of AES-CMAC(CSRK, message || SignCounter), least significant octet first.
    ///
    /// `message` and the result are in the order they travel on the air.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.5.
    public static func signature(key: UInt128, message: [UInt8], signCounter: UInt32) -> [UInt8] {
        let counter = (0..<4).map { UInt8(truncatingIfNeeded: signCounter >> (8 * $0)) }
        let mac = aesCMAC(key: key, message: (message + counter).reversed())
        let significant = UInt64(truncatingIfNeeded: mac >> 64)
        return counter + (0..<8).map { UInt8(truncatingIfNeeded: significant >> (8 * $0)) }
    }

    /// The SignCounter an Authentication Signature carries.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.5.
    public static func signCounter(of signature: [UInt8]) -> UInt32? {
        guard signature.count == 12 else { return nil }
        return signature[0..<4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
