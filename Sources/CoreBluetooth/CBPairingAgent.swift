/// An object of ours that takes the user's part in pairing for a `CBCentralManager` or `CBPeripheralManager`: on
/// iOS the system shows this UI; on Linux the app does, through this protocol.
///
/// An app passes its agent in the manager's options under ``CBManagerOptionPairingAgentKey``; `AsyncCentral(options:)`
/// takes the same key. The manager holds the agent weakly, as it holds its delegate, and reads ``ioCapability``
/// once, when it starts. Every method is called on the manager's delegate queue. A reply closure may be called
/// from any thread, later, and counts once; a question left unanswered fails the pairing when the Security
/// Manager's 30-second timer runs out.
///
/// ```swift
/// final class Pairing: CBPairingAgent {
///     func confirmPairing(with peer: CBPeer, numericValue: UInt32, reply: @escaping @Sendable (Bool) -> Void) {
///         askUser("Does \(peer.identifier) show \(String(format: "%06u", numericValue))?", then: reply)
///     }
///     func requestPasskey(for peer: CBPeer, reply: @escaping @Sendable (UInt32?) -> Void) {
///         readSixDigits(then: reply)
///     }
///     func displayPasskey(_ passkey: UInt32, for peer: CBPeer) {
///         show("Type \(String(format: "%06u", passkey)) on \(peer.identifier)")
///     }
/// }
/// let agent = Pairing()
/// let manager = CBCentralManager(delegate: self, queue: nil, options: [CBManagerOptionPairingAgentKey: agent])
/// ```
///
/// With an agent the manager asks for MITM protection (an authenticated pairing) and still accepts Just Works
/// from a peer that has no display or keyboard, unless ``CBManagerOptionPairingRequiresMITMKey`` is true. When a
/// pairing that a read or write needed fails (a rejected number, a cancelled or wrong passkey), the read or write
/// fails with the ATT error the peer gave, `CBATTError.insufficientEncryption` or
/// `CBATTError.insufficientAuthentication`, and no bond is kept. A peer that lost the bond gives
/// `CBError.peerRemovedPairingInformation`.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.
public protocol CBPairingAgent: AnyObject {
    /// What the agent's user can see and enter; `.keyboardDisplay` unless the agent says otherwise.
    var ioCapability: CBPairingIOCapability { get }

    /// Numeric Comparison: show the six-digit `numericValue` and reply whether the peer shows the same number.
    func confirmPairing(with peer: CBPeer, numericValue: UInt32, reply: @escaping @Sendable (Bool) -> Void)

    /// Passkey Entry: reply with the six-digit passkey the peer shows, or nil to cancel the pairing.
    func requestPasskey(for peer: CBPeer, reply: @escaping @Sendable (UInt32?) -> Void)

    /// Passkey Entry: show the six-digit `passkey` (with leading zeros) for the user to type on the peer.
    func displayPasskey(_ passkey: UInt32, for peer: CBPeer)
}

extension CBPairingAgent {
    /// A keyboard and a display: the agent answers all three kinds of question.
    public var ioCapability: CBPairingIOCapability { .keyboardDisplay }
}
