extension CryptoToolbox {
    /// Random address hash function ah: the 24-bit hash that a resolvable private address carries.
    ///
    /// `k` is the IRK; `r` is prand, of which the low 24 bits are used. The result is 24 bits.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.2.
    public static func ah(k: UInt128, r: UInt32) -> UInt32 {
        let hash = e(key: k, plaintext: UInt128(r & 0xFF_FFFF))
        return UInt32(truncatingIfNeeded: hash) & 0xFF_FFFF
    }

    /// Confirm value generation function c1 for LE legacy pairing.
    ///
    /// `k` is the TK and `r` the random value. `preq` and `pres` are the Pairing Request and Pairing Response
    /// PDUs as sent over the air, 7 octets each with the opcode first; anything else is a programming error.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.3.
    public static func c1(
        k: UInt128,
        r: UInt128,
        preq: [UInt8],
        pres: [UInt8],
        initiator: SMPAddress,
        responder: SMPAddress
    ) -> UInt128 {
        precondition(preq.count == 7 && pres.count == 7, "c1 takes the 7-octet Pairing Request and Response")
        let request = UInt128(bigEndianBytes: preq.reversed())
        let response = UInt128(bigEndianBytes: pres.reversed())
        let p1 = response << 72 | request << 16 | UInt128(responder.typeBit) << 8 | UInt128(initiator.typeBit)
        let p2 = UInt128(initiator.address.rawValue) << 48 | UInt128(responder.address.rawValue)
        return e(key: k, plaintext: e(key: k, plaintext: r ^ p1) ^ p2)
    }

    /// Key generation function s1 for LE legacy pairing: derives the STK from the TK and both random values.
    ///
    /// `r1` is the responder's random value (Srand) and `r2` the initiator's (Mrand); the low 64 bits of each are used.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.4.
    public static func s1(k: UInt128, r1: UInt128, r2: UInt128) -> UInt128 {
        let low64: UInt128 = 0xFFFF_FFFF_FFFF_FFFF
        return e(key: k, plaintext: (r1 & low64) << 64 | (r2 & low64))
    }
}
