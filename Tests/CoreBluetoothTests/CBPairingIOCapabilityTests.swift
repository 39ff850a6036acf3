import HCI
import Host
import Testing

@testable import CoreBluetooth

@Suite("CBPairingIOCapability and pairing errors", .timeLimit(.minutes(2)))
struct CBPairingIOCapabilityTests {
    /// An agent that says nothing about its IO capability.
    final class PlainAgent: CBPairingAgent {
        func confirmPairing(with peer: CBPeer, numericValue: UInt32, reply: @escaping @Sendable (Bool) -> Void) {}
        func requestPasskey(for peer: CBPeer, reply: @escaping @Sendable (UInt32?) -> Void) {}
        func displayPasskey(_ passkey: UInt32, for peer: CBPeer) {}
    }

    @Test("each case stands for the Security Manager IO capability of the same name and value")
    func securityManagerValues() {
        let expected: [(CBPairingIOCapability, IOCapability)] = [
            (.displayOnly, .displayOnly), (.displayYesNo, .displayYesNo), (.keyboardOnly, .keyboardOnly),
            (.noInputNoOutput, .noInputNoOutput), (.keyboardDisplay, .keyboardDisplay),
        ]
        for (capability, value) in expected {
            #expect(capability.securityManagerValue == value)
            #expect(capability.rawValue == Int(value.rawValue))
        }
    }

    @Test("an agent is KeyboardDisplay by default; with one the manager asks for MITM protection without requiring it")
    func agentOptions() {
        let agent = PlainAgent()
        #expect(agent.ioCapability == .keyboardDisplay)
        var pairing = PairingConfiguration()
        pairing.adopt(options: [CBManagerOptionPairingAgentKey: agent])
        #expect(pairing.ioCapability == .keyboardDisplay)
        #expect(pairing.requestsMITM)
        #expect(!pairing.requiresMITM)
        pairing.adopt(options: [CBManagerOptionPairingRequiresMITMKey: true])
        #expect(pairing.requiresMITM)
        var without = PairingConfiguration()
        without.adopt(options: [:])
        #expect(!without.requestsMITM)
    }

    @Test("a peer that lost the bond is CBError.peerRemovedPairingInformation; a pairing timeout encryptionTimedOut")
    func pairingErrors() {
        let handle = ConnectionHandle(rawValue: 1)
        #expect(
            (HostError.encryptionFailed(handle, .pinOrKeyMissing).reported as? CBError)?.code
                == .peerRemovedPairingInformation)
        #expect((HostError.pairingTimeout(handle).reported as? CBError)?.code == .encryptionTimedOut)
    }
}
