import HCI

/// The Security Manager's state for one link: the pairing under way, its timer, the encryption being started,
/// and the callers waiting for the outcome.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.4 and 3.4.
struct LinkSecurityState {
    /// The pairing on the link, current or last.
    var session: PairingSession?
    /// Counts the link's pairings, so that late answers from the agent or an old timer are ignored.
    var sessionID: UInt64 = 0
    /// The running Security Manager timer.
    var timer: Task<Void, Never>?
    /// The timer expired: no SMP PDU may be sent or taken on this link again.
    var isDisabled = false
    /// What the link's protection becomes when the encryption under way succeeds.
    var pendingSecurity: LinkSecurity?
    /// (Peripheral) The bonded client's configuration to give back once the bond's key encrypts the link.
    var pendingRestore: BondedClientConfiguration?
    /// (Central) Encryption with a bond's key is under way.
    var isEncryptingWithBond = false
    /// (Central) The peer refused the bond's key on this link, so the next pairing starts afresh.
    var bondRejected = false
    /// The status of the last failed encryption, reported instead of the pairing's own reason.
    var encryptionFailure: HCIStatus?
    /// The identity address of the bond that secures the link, whose client configuration is saved at disconnection.
    var bondAddress: BluetoothAddress?
    /// The callers of ``BluetoothHost/pair(_:)`` waiting for the outcome.
    var waiters: [CheckedContinuation<Result<LinkSecurity, HostError>, Never>] = []

    /// Whether a pairing or an encryption with a bond's key is under way.
    var isBusy: Bool {
        if isEncryptingWithBond { return true }
        guard let session else { return false }
        return session.state != .idle && !session.isFinished
    }
}
