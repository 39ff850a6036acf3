import Foundation
import Synchronization
import Testing

@testable import BlueZ
@testable import CoreBluetooth

@Suite("BlueZ backend: bluetoothd's pairing questions answered by the app's CBPairingAgent", .timeLimit(.minutes(1)))
struct BlueZPairingTests {
    /// An agent that records what it was asked and answers as told.
    final class RecordingAgent: CBPairingAgent, @unchecked Sendable {
        let ioCapability: CBPairingIOCapability
        var asked: [String] = []
        var confirms = true
        var passkey: UInt32?

        init(_ ioCapability: CBPairingIOCapability) {
            self.ioCapability = ioCapability
        }

        func confirmPairing(with peer: CBPeer, numericValue: UInt32, reply: @escaping @Sendable (Bool) -> Void) {
            asked.append("confirm \(numericValue)")
            reply(confirms)
        }

        func requestPasskey(for peer: CBPeer, reply: @escaping @Sendable (UInt32?) -> Void) {
            asked.append("passkey")
            reply(passkey)
        }

        func displayPasskey(_ passkey: UInt32, for peer: CBPeer) {
            asked.append("display \(passkey)")
        }
    }

    static let device = "/org/bluez/hci0/dev_C0_11_22_33_44_5A"

    /// Puts `question` to `pairing` and returns the replies sent to bluetoothd.
    static func ask(
        _ pairing: BlueZPairing, _ question: BlueZAgentQuestion, peer: CBPeer? = CBCentral(identifier: UUID())
    ) -> [Result<[DBusValue], BlueZError>] {
        let sent = Sent()
        let responder = BlueZResponder { result in sent.replies.withLock { $0.append(result) } }
        pairing.answer(
            BlueZAgentRequest(question: question, responder: responder, pending: BlueZAgentPending()), peer: peer)
        return sent.replies.withLock { $0 }
    }

    /// The replies a responder sent.
    final class Sent: Sendable {
        let replies = Mutex<[Result<[DBusValue], BlueZError>]>([])
    }

    static let rejected = BlueZError(name: "org.bluez.Error.Rejected", message: "Rejected")

    @Test("the agent's IO capability is the capability bluetoothd is told")
    func capabilities() {
        #expect(
            CBPairingIOCapability.allCases.map { BlueZPairing.capability($0).rawValue } == [
                "DisplayOnly", "DisplayYesNo", "KeyboardOnly", "NoInputNoOutput", "KeyboardDisplay",
            ])
    }

    @Test("without a CBPairingAgent, bluetoothd is told NoInputNoOutput: Just Works is accepted, nothing else")
    func justWorksWithoutAgent() {
        let pairing = BlueZPairing(options: [CBManagerOptionTransportKey: "bluez"])
        #expect(pairing.capability == .noInputNoOutput)
        #expect(Self.ask(pairing, .authorize(device: Self.device), peer: nil) == [.success([])])
        #expect(Self.ask(pairing, .authorizeService(device: Self.device, uuid: "180f"), peer: nil) == [.success([])])
        #expect(Self.ask(pairing, .confirm(device: Self.device, passkey: 42)) == [.failure(Self.rejected)])
        #expect(Self.ask(pairing, .passkey(device: Self.device)) == [.failure(Self.rejected)])
        #expect(Self.ask(pairing, .displayPasskey(device: Self.device, passkey: 7, entered: 0)).isEmpty)
        let strict = BlueZPairing(options: [CBManagerOptionPairingRequiresMITMKey: true])
        #expect(Self.ask(strict, .authorize(device: Self.device)) == [.failure(Self.rejected)])
    }

    @Test("Numeric Comparison asks confirmPairing: yes replies with nothing, no with Rejected")
    func numericComparison() {
        let agent = RecordingAgent(.displayYesNo)
        let pairing = BlueZPairing(options: [CBManagerOptionPairingAgentKey: agent])
        #expect(Self.ask(pairing, .confirm(device: Self.device, passkey: 42)) == [.success([])])
        agent.confirms = false
        #expect(Self.ask(pairing, .confirm(device: Self.device, passkey: 43)) == [.failure(Self.rejected)])
        #expect(agent.asked == ["confirm 42", "confirm 43"])
    }

    @Test("Passkey Entry asks requestPasskey: the passkey as a uint32, nil as Canceled; shown once, not per key")
    func passkeyEntry() {
        let agent = RecordingAgent(.keyboardDisplay)
        let pairing = BlueZPairing(options: [CBManagerOptionPairingAgentKey: agent])
        agent.passkey = 123_456
        #expect(Self.ask(pairing, .passkey(device: Self.device)) == [.success([.uint32(123_456)])])
        agent.passkey = nil
        #expect(
            Self.ask(pairing, .passkey(device: Self.device))
                == [.failure(BlueZError(name: "org.bluez.Error.Canceled", message: "Canceled"))])
        for entered in 0..<3 {
            #expect(Self.ask(pairing, .displayPasskey(device: Self.device, passkey: 7, entered: entered)).isEmpty)
        }
        #expect(agent.asked == ["passkey", "passkey", "display 7"])
    }

    @Test("Just Works from the peer is accepted unless MITM is required; services of a bonded device are allowed")
    func authorization() {
        let agent = RecordingAgent(.noInputNoOutput)
        let pairing = BlueZPairing(options: [CBManagerOptionPairingAgentKey: agent])
        #expect(Self.ask(pairing, .authorize(device: Self.device)) == [.success([])])
        #expect(Self.ask(pairing, .authorizeService(device: Self.device, uuid: "180f")) == [.success([])])
        let strict = BlueZPairing(
            options: [CBManagerOptionPairingAgentKey: agent, CBManagerOptionPairingRequiresMITMKey: true])
        #expect(Self.ask(strict, .authorize(device: Self.device)) == [.failure(Self.rejected)])
        #expect(agent.asked.isEmpty)
    }

    @Test("with the agent gone, or no peer for the device, the question is refused")
    func nobodyToAsk() {
        var agent: RecordingAgent? = RecordingAgent(.displayYesNo)
        let pairing = BlueZPairing(options: [CBManagerOptionPairingAgentKey: agent!])
        #expect(Self.ask(pairing, .confirm(device: Self.device, passkey: 1), peer: nil) == [.failure(Self.rejected)])
        #expect(agent?.asked.isEmpty == true)
        agent = nil
        #expect(Self.ask(pairing, .confirm(device: Self.device, passkey: 1)) == [.failure(Self.rejected)])
    }
}
