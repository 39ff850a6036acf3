extension PairingSession {
    /// What the driver of a pairing must do next; actions come in the order they are to be carried out.
    public enum Action: Hashable, Sendable {
        /// Send the PDU on the link's Security Manager channel (L2CAP CID 0x0006).
        case send(SMPPDU)
        /// (Initiator) Start encryption with this key: LE Enable Encryption with the key, EDIV and Rand
        /// (zero for the STK and for Secure Connections), then report the outcome with
        /// ``PairingSession/encryptionChanged(enabled:keySize:)``.
        case startEncryption(ltk: UInt128, ediv: UInt16, rand: UInt64)
        /// Show the six-digit passkey to the user (print it zero-padded).
        case displayPasskey(UInt32)
        /// Ask the user for the passkey shown on the other device; answer with
        /// ``PairingSession/enterPasskey(_:)`` or ``PairingSession/cancelPasskeyEntry()``.
        case requestPasskey
        /// Show the six-digit number and ask the user whether the other device shows the same; answer with
        /// ``PairingSession/confirmNumericComparison(_:)``.
        case confirmNumber(UInt32)
        /// (Re)start the 30-second Security Manager timer; when it fires, call ``PairingSession/timedOut()``.
        case armTimeout
        /// Stop the Security Manager timer.
        case cancelTimeout
        /// Pairing succeeded; store the keys if ``PairingResult/isBonded``.
        case completed(PairingResult)
        /// Pairing failed for this reason; `sent` tells whether this device sent the Pairing Failed PDU
        /// (false: the peer sent it, or the link's encryption failed).
        case failed(reason: SMPErrorCode, sent: Bool)
        /// The Security Manager timer expired: pairing failed and no SMP PDU may be sent on this link again
        /// until it is reconnected.
        case timedOut
    }
}
