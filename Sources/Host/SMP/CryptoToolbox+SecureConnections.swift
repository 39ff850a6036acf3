extension CryptoToolbox {
    /// The three octets of a Pairing Request or Pairing Response that f6 mixes in as IOcap.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.8.
    public struct IOCap: Hashable, Sendable {
        /// The AuthReq octet, the most significant octet of IOcap.
        public var authReq: UInt8
        /// The OOB data flag octet, the middle octet of IOcap.
        public var oobDataFlag: UInt8
        /// The IO Capability octet, the least significant octet of IOcap.
        public var ioCapability: UInt8

        /// Collects the three octets as the pairing PDU carries them.
        public init(authReq: UInt8, oobDataFlag: UInt8, ioCapability: UInt8) {
            self.authReq = authReq
            self.oobDataFlag = oobDataFlag
            self.ioCapability = ioCapability
        }
    }

    /// Confirm value generation function f4 for LE Secure Connections.
    ///
    /// `u` and `v` are P-256 public key x coordinates, 32 octets most significant first (``P256PublicKey/x``);
    /// any other length is a programming error. `x` is the CMAC key (a nonce), `z` 0 or the passkey bit (0x80 | bit).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.6.
    public static func f4(u: [UInt8], v: [UInt8], x: UInt128, z: UInt8) -> UInt128 {
        precondition(u.count == 32 && v.count == 32, "f4 takes 32-octet x coordinates")
        return aesCMAC(key: x, message: u + v + [z])
    }

    /// Key generation function f5 for LE Secure Connections: derives the MacKey and the LTK from the DHKey.
    ///
    /// `w` is the DHKey, 32 octets most significant first (``P256KeyPair/dhKey(with:)``); any other length is a
    /// programming error. `n1` and `n2` are the initiator's and responder's nonces, `a1` and `a2` their addresses.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.7.
    public static func f5(
        w: [UInt8],
        n1: UInt128,
        n2: UInt128,
        a1: SMPAddress,
        a2: SMPAddress
    ) -> (macKey: UInt128, ltk: UInt128) {
        precondition(w.count == 32, "f5 takes the 32-octet DHKey")
        let salt: UInt128 = 0x6C88_8391_AAF5_A538_6037_0BDB_5A60_83BE
        let t = aesCMAC(key: salt, message: w)
        let keyID: [UInt8] = [0x62, 0x74, 0x6C, 0x65]
        let length: [UInt8] = [0x01, 0x00]
        let tail = keyID + n1.bigEndianBytes + n2.bigEndianBytes + a1.bytes56 + a2.bytes56 + length
        return (macKey: aesCMAC(key: t, message: [0] + tail), ltk: aesCMAC(key: t, message: [1] + tail))
    }

    /// Check value generation function f6 for LE Secure Connections: computes the DHKey Check value.
    ///
    /// `w` is the MacKey from f5, `n1` and `n2` the nonces, `r` the passkey or OOB value (0 otherwise),
    /// `ioCap` the sender's pairing PDU octets, `a1` and `a2` the sender's and receiver's addresses.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.8.
    public static func f6(
        w: UInt128,
        n1: UInt128,
        n2: UInt128,
        r: UInt128,
        ioCap: IOCap,
        a1: SMPAddress,
        a2: SMPAddress
    ) -> UInt128 {
        let ioCapBytes = [ioCap.authReq, ioCap.oobDataFlag, ioCap.ioCapability]
        let message = n1.bigEndianBytes + n2.bigEndianBytes + r.bigEndianBytes + ioCapBytes + a1.bytes56 + a2.bytes56
        return aesCMAC(key: w, message: message)
    }

    /// Numeric comparison value generation function g2: the six-digit number both users compare.
    ///
    /// `u` and `v` are the initiator's and responder's public key x coordinates, 32 octets most significant first
    /// (any other length is a programming error); `x` and `y` are their nonces. The result is 0 through 999 999.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.9.
    public static func g2(u: [UInt8], v: [UInt8], x: UInt128, y: UInt128) -> UInt32 {
        precondition(u.count == 32 && v.count == 32, "g2 takes 32-octet x coordinates")
        let mac = aesCMAC(key: x, message: u + v + y.bigEndianBytes)
        return UInt32(truncatingIfNeeded: mac) % 1_000_000
    }

    /// Link key conversion function h6: derives a key from `w` and a four-character key ID such as "lebr".
    ///
    /// `keyID` holds the ID's ASCII characters, the first in the most significant octet ("lebr" is 0x6C656272).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.10.
    public static func h6(w: UInt128, keyID: UInt32) -> UInt128 {
        let id = (0..<4).map { UInt8(truncatingIfNeeded: keyID >> (8 * (3 - $0))) }
        return aesCMAC(key: w, message: id)
    }

    /// Link key conversion function h7: derives a key from `w` under a salt, for cross-transport key derivation.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.2.11.
    public static func h7(salt: UInt128, w: UInt128) -> UInt128 {
        aesCMAC(key: salt, message: w.bigEndianBytes)
    }
}
