import Foundation
import Host

extension PairingConfiguration {
    /// Takes the pairing options of a manager: the IO capability of its ``CBPairingAgent``, which then asks for
    /// MITM protection, and ``CBManagerOptionPairingRequiresMITMKey``.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.1 and 2.3.2.
    mutating func adopt(options: [String: Any]?) {
        if let agent = PairingAgentBridge.agent(in: options) {
            ioCapability = agent.ioCapability.securityManagerValue
            requestsMITM = agent.ioCapability != .noInputNoOutput
        }
        if let required = options?[CBManagerOptionPairingRequiresMITMKey] as? Bool {
            requiresMITM = required
        }
    }
}
