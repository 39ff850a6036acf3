/// How the two devices authenticate each other in phase 2 of pairing, chosen from their pairing features.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1.
public enum PairingMethod: Hashable, Sendable {
    /// Who shows the passkey and who types it in Passkey Entry.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1, Table 2.8.
    public enum PasskeyRoles: Hashable, Sendable {
        /// The initiator displays the passkey and the responder's user types it.
        case initiatorDisplays
        /// The responder displays the passkey and the initiator's user types it.
        case responderDisplays
        /// Neither device has a display: the user types the same passkey into both.
        case bothInput
    }

    /// Just Works: no user interaction and no MITM protection.
    case justWorks
    /// Passkey Entry: a six-digit passkey shown on or typed into the devices.
    case passkeyEntry(PasskeyRoles)
    /// Numeric Comparison: both devices show a six-digit number that the user confirms (Secure Connections only).
    case numericComparison
    /// Out of Band: authentication data exchanged over another channel.
    case outOfBand

    /// The pairing features one device contributes to the choice of method.
    public typealias Features = (
        ioCapability: IOCapability, oobDataFlag: OOBDataFlag, authenticationRequirements: AuthenticationRequirements
    )

    /// Chooses the method from both devices' features, following the rules of 2.3.5.1.
    ///
    /// OOB is used when both devices have OOB data (legacy pairing) or either has (Secure Connections);
    /// otherwise Just Works when neither sets the MITM flag; otherwise the IO capability mapping of Table 2.8.
    /// IO capability values the spec reserves count as NoInputNoOutput.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1, Tables 2.6, 2.7 and 2.8.
    public static func select(initiator: Features, responder: Features, secureConnections: Bool) -> PairingMethod {
        let initiatorOOB = initiator.oobDataFlag.isPresent
        let responderOOB = responder.oobDataFlag.isPresent
        if secureConnections ? (initiatorOOB || responderOOB) : (initiatorOOB && responderOOB) {
            return .outOfBand
        }
        let mitm =
            initiator.authenticationRequirements.contains(.mitm)
            || responder.authenticationRequirements.contains(.mitm)
        guard mitm else { return .justWorks }
        return mapping(
            initiator: initiator.ioCapability, responder: responder.ioCapability, secureConnections: secureConnections)
    }

    /// The IO capability mapping: the method Table 2.8 gives for the two devices' IO capabilities.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1, Table 2.8.
    public static func mapping(
        initiator: IOCapability, responder: IOCapability, secureConnections: Bool
    ) -> PairingMethod {
        switch (initiator, responder) {
        case (.noInputNoOutput, _), (_, .noInputNoOutput):
            return .justWorks
        case (.displayOnly, .displayOnly), (.displayOnly, .displayYesNo), (.displayYesNo, .displayOnly):
            return .justWorks
        case (.keyboardOnly, .keyboardOnly):
            return .passkeyEntry(.bothInput)
        case (.displayOnly, .keyboardOnly), (.displayOnly, .keyboardDisplay),
            (.displayYesNo, .keyboardOnly), (.keyboardDisplay, .keyboardOnly):
            return .passkeyEntry(.initiatorDisplays)
        case (.keyboardOnly, .displayOnly), (.keyboardOnly, .displayYesNo), (.keyboardOnly, .keyboardDisplay),
            (.keyboardDisplay, .displayOnly):
            return .passkeyEntry(.responderDisplays)
        case (.displayYesNo, .displayYesNo):
            return secureConnections ? .numericComparison : .justWorks
        case (.displayYesNo, .keyboardDisplay), (.keyboardDisplay, .keyboardDisplay):
            return secureConnections ? .numericComparison : .passkeyEntry(.initiatorDisplays)
        case (.keyboardDisplay, .displayYesNo):
            return secureConnections ? .numericComparison : .passkeyEntry(.responderDisplays)
        default:
            return .justWorks
        }
    }

    /// Whether the method protects against a man in the middle, so that the resulting key is authenticated.
    ///
    /// OOB counts as authenticated: the spec leaves its strength to the OOB channel, which is assumed to be safe.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1 and 2.3.6.
    public var isAuthenticated: Bool {
        switch self {
        case .justWorks: false
        case .passkeyEntry, .numericComparison, .outOfBand: true
        }
    }
}
