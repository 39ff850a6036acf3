/// What the host asks its user while pairing: to compare a number, to type a passkey, or to show one.
///
/// Without an agent the host offers no input and no output, so every pairing uses Just Works.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1.
public protocol PairingAgent: Sendable {
    /// Shows the six-digit `number` and answers whether the other device shows the same (Numeric Comparison).
    func confirm(number: UInt32, on link: HostLink) async -> Bool
    /// Asks for the six-digit passkey the other device shows; nil cancels the pairing.
    func passkey(for link: HostLink) async -> UInt32?
    /// Shows the six-digit passkey the user must type on the other device.
    func display(passkey: UInt32, on link: HostLink) async
}
