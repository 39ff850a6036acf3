import ArgumentParser
import CoreBluetooth

/// `--io-capability` and `--passkey`: how the command's manager pairs. Without either it pairs with Just Works, as
/// a device with no display or keyboard does; with either it pairs through a ``CommandPairingAgent``.
struct PairingOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "What this side can show and enter when pairing (keyboard-display when only --passkey is given).",
            valueName: "capability"))
    var ioCapability: Capability?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The six-digit passkey this side enters when the peer displays one (Passkey Entry); "
                + "passkeys this side displays are printed.",
            valueName: "passkey"))
    var passkey: UInt32?

    /// Refuses a passkey of more than six digits.
    func validate() throws {
        if let passkey, passkey > 999_999 {
            throw ValidationError("--passkey \(passkey) is not a six-digit passkey (0 to 999999)")
        }
    }

    /// The agent the options ask for, or nil when they ask for none (Just Works).
    func agent() -> CommandPairingAgent? {
        guard ioCapability != nil || passkey != nil else { return nil }
        return CommandPairingAgent(ioCapability: ioCapability?.value ?? .keyboardDisplay, passkey: passkey)
    }
}

extension PairingOptions {
    /// An IO capability as the command line names it.
    enum Capability: String, CaseIterable, ExpressibleByArgument {
        case displayOnly = "display-only"
        case displayYesNo = "display-yes-no"
        case keyboardOnly = "keyboard-only"
        case keyboardDisplay = "keyboard-display"
        case noInputNoOutput = "no-input-no-output"

        /// The CoreBluetooth capability of the same name.
        var value: CBPairingIOCapability {
            switch self {
            case .displayOnly: .displayOnly
            case .displayYesNo: .displayYesNo
            case .keyboardOnly: .keyboardOnly
            case .keyboardDisplay: .keyboardDisplay
            case .noInputNoOutput: .noInputNoOutput
            }
        }
    }
}
