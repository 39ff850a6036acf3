import CoreBluetooth
import Foundation

/// The pairing agent of a command run with `--io-capability` or `--passkey`: it prints the passkeys and numbers this
/// side displays on standard error (`passkey 123456 for PEER`), confirms every Numeric Comparison (the user who
/// started the command is taken to have compared), and enters the `--passkey` it was given, or cancels when the
/// peer displays one and it was given none.
final class CommandPairingAgent: CBPairingAgent, Sendable {
    let ioCapability: CBPairingIOCapability
    private let passkey: UInt32?
    private let progress = Progress()

    init(ioCapability: CBPairingIOCapability, passkey: UInt32?) {
        self.ioCapability = ioCapability
        self.passkey = passkey
    }

    func confirmPairing(with peer: CBPeer, numericValue: UInt32, reply: @escaping @Sendable (Bool) -> Void) {
        progress.say("pairing: number \(Self.sixDigits(numericValue)) for \(peer.identifier.uuidString), confirmed")
        reply(true)
    }

    func requestPasskey(for peer: CBPeer, reply: @escaping @Sendable (UInt32?) -> Void) {
        if let passkey {
            progress.say("pairing: entering passkey \(Self.sixDigits(passkey)) for \(peer.identifier.uuidString)")
        } else {
            progress.say("pairing: \(peer.identifier.uuidString) displays a passkey, but no --passkey was given")
        }
        reply(passkey)
    }

    func displayPasskey(_ passkey: UInt32, for peer: CBPeer) {
        progress.say("pairing: passkey \(Self.sixDigits(passkey)) for \(peer.identifier.uuidString)")
    }

    /// A passkey or number as its six digits, with leading zeros.
    static func sixDigits(_ value: UInt32) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
