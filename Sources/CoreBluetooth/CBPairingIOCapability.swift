import Host

/// What the user of a ``CBPairingAgent`` can see and enter: with the peer's, it decides how pairing authenticates
/// (Numeric Comparison, Passkey Entry or Just Works).
///
/// Each case is the Security Manager IO capability of the same name, sent in the Pairing Request or Response; the
/// raw value is the spec's value. Bluetooth Core Specification Vol 3, Part H, 2.3.2 and Table 2.8.
public enum CBPairingIOCapability: Int, Sendable, CaseIterable {
    /// A display only: the agent shows passkeys (`displayPasskey(_:for:)`) and answers no question.
    /// SMP DisplayOnly, 0x00.
    case displayOnly = 0
    /// A display and a yes/no input: the agent shows passkeys and confirms numbers
    /// (`confirmPairing(with:numericValue:reply:)`). SMP DisplayYesNo, 0x01.
    case displayYesNo = 1
    /// A keyboard only: the agent types the passkey the peer shows (`requestPasskey(for:reply:)`).
    /// SMP KeyboardOnly, 0x02.
    case keyboardOnly = 2
    /// Neither: the agent is never asked and every pairing uses Just Works. SMP NoInputNoOutput, 0x03.
    case noInputNoOutput = 3
    /// A keyboard and a display: the agent may be asked any of the three. SMP KeyboardDisplay, 0x04.
    case keyboardDisplay = 4

    /// The Security Manager IO capability this stands for.
    var securityManagerValue: IOCapability {
        IOCapability(rawValue: UInt8(rawValue))
    }
}
