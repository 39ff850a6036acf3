import Host
import Testing

/// One way two hosts pair: the association model, who starts it, and whether they bond.
struct PairingScenario: Sendable, CustomTestStringConvertible {
    enum Model: String, Sendable, CaseIterable {
        case secureJustWorks = "LE Secure Connections Just Works"
        case secureNumericComparison = "LE Secure Connections Numeric Comparison"
        case securePasskey = "LE Secure Connections Passkey Entry"
        case legacyJustWorks = "LE legacy Just Works"
        case legacyPasskey = "LE legacy Passkey Entry"
    }

    var model: Model
    var peripheralRequests: Bool
    var bonding: Bool

    static let all: [PairingScenario] = Model.allCases.flatMap { model in
        [false, true].flatMap { peripheralRequests in
            [false, true].map { bonding in
                PairingScenario(model: model, peripheralRequests: peripheralRequests, bonding: bonding)
            }
        }
    }

    var testDescription: String {
        "\(model.rawValue), \(peripheralRequests ? "peripheral's Security Request" : "central starts"), "
            + (bonding ? "bonding" : "no bonding")
    }

    var isSecureConnections: Bool {
        model == .secureJustWorks || model == .secureNumericComparison || model == .securePasskey
    }

    var usesAgents: Bool { model != .secureJustWorks && model != .legacyJustWorks }

    /// The protection the pairing gives the link.
    var expectedSecurity: LinkSecurity { usesAgents ? .authenticated : .encrypted }

    func configuration(central: Bool) -> PairingConfiguration {
        let io: IOCapability
        switch model {
        case .secureJustWorks, .legacyJustWorks: io = .noInputNoOutput
        case .secureNumericComparison: io = .displayYesNo
        case .securePasskey, .legacyPasskey: io = central ? .keyboardOnly : .displayOnly
        }
        return PairingConfiguration(
            ioCapability: io, bondable: bonding, requiresMITM: usesAgents,
            supportsSecureConnections: isSecureConnections)
    }
}
