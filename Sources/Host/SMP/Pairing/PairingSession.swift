import HCI

/// One pairing over one LE link, in either role, as a pure state machine: inputs go in, ``Action``s come out.
///
/// It covers LE Secure Connections (Just Works, Numeric Comparison, Passkey Entry, OOB) and LE legacy pairing
/// (Just Works, Passkey Entry, OOB), feature and key size negotiation, the Security Request, and the key
/// distribution phase. It does no I/O and reads no clock: the driver sends PDUs, starts encryption, asks the user
/// and runs the 30-second timer as the actions say. A session handles one pairing; after ``Action/completed(_:)``,
/// ``Action/failed(reason:sent:)`` or ``Action/timedOut`` it ignores every input.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3 to 2.4 and 3.
public struct PairingSession: Sendable {
    /// Which end of the pairing this device is.
    public enum Role: Hashable, Sendable {
        /// The initiator: the central, which sends the Pairing Request.
        case initiator
        /// The responder: the peripheral, which answers it.
        case responder
    }

    /// Where the pairing stands, named after the spec's phases.
    public enum State: Hashable, Sendable {
        /// No pairing in progress.
        case idle
        /// (Responder) A Security Request was sent; waiting for the Pairing Request.
        case awaitingPairingRequest
        /// (Initiator) The Pairing Request was sent; waiting for the Pairing Response.
        case awaitingPairingResponse
        /// (Secure Connections) Waiting for the peer's Pairing Public Key.
        case awaitingPublicKey
        /// Waiting for the user to type the passkey.
        case awaitingPasskey
        /// Waiting for the peer's Pairing Confirm.
        case awaitingConfirm
        /// Waiting for the peer's Pairing Random.
        case awaitingRandom
        /// (Secure Connections) Waiting for the user to compare the six-digit numbers.
        case awaitingNumericComparison
        /// (Secure Connections) Waiting for the peer's Pairing DHKey Check.
        case awaitingDHKeyCheck
        /// Waiting for the link to be encrypted with the STK or LTK.
        case awaitingEncryption
        /// Key distribution: waiting for the peer's keys.
        case awaitingKeys
        /// The pairing succeeded.
        case completed
        /// The pairing failed for this reason (sent or received).
        case failed(SMPErrorCode)
        /// The Security Manager timer expired; no SMP PDU may be sent on this link any more.
        case timedOut
    }

    /// Whether this device initiates or responds.
    public let role: Role
    /// This device's address on the link, as the controller uses it (not a resolved identity).
    public let localAddress: SMPAddress
    /// The peer's address on the link, as the controller reported it.
    public let peerAddress: SMPAddress
    /// What this device can and wants to do.
    public let configuration: PairingConfiguration
    /// Where the pairing stands.
    public internal(set) var state: State = .idle

    var randomness: any PairingRandomness
    var context = PairingContext()

    /// Prepares a pairing on a link; nothing happens until ``start()``, ``requestSecurity()`` or a received PDU.
    public init(
        role: Role,
        localAddress: SMPAddress,
        peerAddress: SMPAddress,
        configuration: PairingConfiguration,
        randomness: any PairingRandomness = SystemPairingRandomness()
    ) {
        self.role = role
        self.localAddress = localAddress
        self.peerAddress = peerAddress
        self.configuration = configuration
        self.randomness = randomness
    }

    /// Whether the pairing has ended, in success, failure or timeout.
    public var isFinished: Bool {
        switch state {
        case .completed, .failed, .timedOut: true
        default: false
        }
    }

    /// (Initiator) Starts pairing by sending the Pairing Request.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.1.
    public mutating func start() -> [Action] {
        guard role == .initiator, state == .idle else { return [] }
        return perform { session throws(PairingAbort) in session.sendPairingRequest() }
    }

    /// (Responder) Asks the central to pair (or to encrypt with a key it already has) with a Security Request.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.6.7.
    public mutating func requestSecurity() -> [Action] {
        guard role == .responder, state == .idle else { return [] }
        state = .awaitingPairingRequest
        let request = SecurityRequest(authenticationRequirements: configuration.authenticationRequirements)
        return [.send(.securityRequest(request)), .armTimeout]
    }

    /// Takes the bytes of one SDU from the Security Manager channel.
    ///
    /// An empty SDU is ignored. A known command of the wrong length fails pairing with Invalid Parameters
    /// (a malformed Pairing Failed just ends it).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.3 and 3.5.5.
    public mutating func received(bytes: [UInt8]) -> [Action] {
        guard !isFinished, let opcode = bytes.first.map(SMPOpcode.init(rawValue:)) else { return [] }
        let pdu: SMPPDU
        do {
            pdu = try SMPPDU(decoding: bytes)
        } catch {
            if opcode == .pairingFailed { return peerFailed(.unspecifiedReason) }
            return perform { _ throws(PairingAbort) in throw PairingAbort(.invalidParameters) }
        }
        return received(pdu)
    }

    /// Takes one decoded PDU from the peer.
    ///
    /// Commands with reserved opcodes and Keypress Notifications are ignored; a command this role never receives
    /// fails pairing with Command Not Supported; a command the current state does not expect fails it with
    /// Unspecified Reason.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.3 and 3.5 to 3.6.
    public mutating func received(_ pdu: SMPPDU) -> [Action] {
        guard !isFinished else { return [] }
        if case .pairingFailed(let failed) = pdu { return peerFailed(failed.reason) }
        return perform { session throws(PairingAbort) in try session.handle(pdu) }
    }

    /// Reports the outcome of encryption on the link (Encryption Change, or Encryption Key Refresh Complete on a
    /// link that was already encrypted); `keySize` is the key size the controller reports, when it does.
    ///
    /// Key distribution starts only once the link is encrypted with the STK or LTK. A responder that sent a Security
    /// Request stops waiting when the central encrypts the link with a key it already has.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4 and 3.6.1.
    public mutating func encryptionChanged(enabled: Bool, keySize: UInt8? = nil) -> [Action] {
        switch state {
        case .awaitingPairingRequest where enabled:
            state = .idle
            return [.cancelTimeout]
        case .awaitingEncryption where enabled:
            return perform { session throws(PairingAbort) in
                if let keySize, keySize < session.configuration.minimumEncryptionKeySize {
                    throw PairingAbort(.encryptionKeySize)
                }
                return session.beginKeyDistribution()
            }
        case .awaitingEncryption, .awaitingKeys:
            guard !enabled else { return [] }
            finish(.failed(.unspecifiedReason))
            return [.cancelTimeout, .failed(reason: .unspecifiedReason, sent: false)]
        default:
            return []
        }
    }

    /// Reports that the Security Manager timer expired.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.4.
    public mutating func timedOut() -> [Action] {
        guard state != .idle, !isFinished else { return [] }
        finish(.timedOut)
        return [.timedOut]
    }

    /// Gives the passkey the user typed after ``Action/requestPasskey``; a value above 999999 fails pairing with
    /// Passkey Entry Failed.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.3 and 2.3.5.6.3.
    public mutating func enterPasskey(_ passkey: UInt32) -> [Action] {
        guard state == .awaitingPasskey else { return [] }
        return perform { session throws(PairingAbort) in
            guard passkey <= 999_999 else { throw PairingAbort(.passkeyEntryFailed) }
            session.context.passkey = passkey
            return try session.passkeyEntered()
        }
    }

    /// Reports that the user cancelled passkey entry, failing pairing with Passkey Entry Failed.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.5.
    public mutating func cancelPasskeyEntry() -> [Action] {
        guard state == .awaitingPasskey else { return [] }
        return perform { _ throws(PairingAbort) in throw PairingAbort(.passkeyEntryFailed) }
    }

    /// Gives the user's answer to ``Action/confirmNumber(_:)``; a rejection fails pairing with Numeric Comparison
    /// Failed.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.2.
    public mutating func confirmNumericComparison(_ accepted: Bool) -> [Action] {
        guard state == .awaitingNumericComparison else { return [] }
        return perform { session throws(PairingAbort) in
            guard accepted else { throw PairingAbort(.numericComparisonFailed) }
            return try session.proceedToDHKeyCheck()
        }
    }

    /// (Responder) The key to answer the controller's LE Long Term Key Request with while this pairing encrypts the
    /// link: the STK or the Secure Connections LTK, whose EDIV and Rand are zero; nil otherwise.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.
    public func longTermKey(forEDIV ediv: UInt16, rand: UInt64) -> UInt128? {
        guard role == .responder, ediv == 0, rand == 0 else { return nil }
        guard state == .awaitingEncryption || state == .awaitingKeys else { return nil }
        return context.encryptionKey
    }
}
