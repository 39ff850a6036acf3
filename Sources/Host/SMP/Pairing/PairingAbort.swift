/// Why a transition stopped the pairing: the reason to send in Pairing Failed.
struct PairingAbort: Error {
    var reason: SMPErrorCode

    init(_ reason: SMPErrorCode) {
        self.reason = reason
    }

    /// A command the current state does not expect.
    static let unexpected = PairingAbort(.unspecifiedReason)
}
