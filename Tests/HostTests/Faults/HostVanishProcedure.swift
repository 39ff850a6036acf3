import HostTestSupport
import Testing

/// A procedure two hosts run while the peripheral's side may vanish or go silent in the middle of it, with the
/// steps it takes (L2CAP PDUs both ways, or for re-encryption the encryption events the peripheral's host gets).
enum HostVanishProcedure: Hashable, Sendable, CustomTestStringConvertible {
    /// Two prepared writes and their execution, which the server must apply together or not at all.
    case reliableWrite
    /// A fresh pairing that replaces the peripheral's bond with the central, with its key distribution.
    case pairing(PairingScenario.Model, peripheralRequests: Bool)
    /// A bonded central encrypting a new link with the stored key.
    case reencryption
    /// One SDU sent on a credit-based channel in several K-frames, and the credits coming back.
    case channelSend
    /// Closing a credit-based channel.
    case channelClose

    static let all: [HostVanishProcedure] =
        [.reliableWrite]
        + PairingScenario.Model.allCases.flatMap { model in
            [false, true].map { HostVanishProcedure.pairing(model, peripheralRequests: $0) }
        } + [.reencryption, .channelSend, .channelClose]

    /// What counts as a step.
    var steps: VanishingTransport.Steps { self == .reencryption ? .encryptionEvents : .pdus }

    /// The steps the procedure takes when nothing goes wrong; cells cut after 0 up to this minus one.
    var stepCount: Int {
        switch self {
        case .reliableWrite: 6
        case .pairing(let model, let peripheralRequests):
            (peripheralRequests ? 1 : 0) + model.smpPDUCount
        case .reencryption: 2
        case .channelSend: 3
        case .channelClose: 2
        }
    }

    /// Whether a peer that stops answering makes the procedure fail: a send on a channel waits for credits as
    /// long as the peer takes, and re-encryption waits for the controller (whose link-layer response timer a
    /// virtual controller does not run), so neither has a host timer to meet silence with.
    var timesOut: Bool {
        switch self {
        case .channelSend, .reencryption: false
        default: true
        }
    }

    /// Whether the central's call succeeds although the link is cut after `step` steps: the steps left are the
    /// central's own last key distribution PDUs (its pairing is complete once it sent them), the Encryption
    /// Change the peripheral's host no longer gets, or a channel close (the channel is closed as the app asked).
    func finishes(cutAfter step: Int) -> Bool {
        switch self {
        case .pairing(let model, false): step >= stepCount - (model.isLegacy ? 4 : 2)
        case .reencryption: step >= 1
        case .channelClose: true
        default: false
        }
    }

    /// Whether the central's call may also fail as disconnected when the cut comes after `step`, although the
    /// procedure finished: re-encryption cut right after its last step (the Encryption Change). The connect that
    /// waited for encryption resumes on the host's executor after the event; when the host takes the Encryption
    /// Change and the Disconnection Complete in one batch, the link is down first, and the connect fails as
    /// disconnected. Both are right: the link did encrypt, and it is gone.
    func mayFailAsDisconnected(cutAfter step: Int) -> Bool {
        self == .reencryption && step == stepCount - 1
    }

    /// Whether `step` lies in rounds 2 to 19 of LE Secure Connections Passkey Entry, which repeat round 1.
    func isMiddlePasskeyRound(_ step: Int) -> Bool {
        guard case .pairing(.securePasskey, let peripheralRequests) = self else { return false }
        let firstRound = (peripheralRequests ? 1 : 0) + 4
        return (firstRound + 4)..<(firstRound + 19 * 4) ~= step
    }

    var testDescription: String {
        switch self {
        case .reliableWrite: "reliable write"
        case .pairing(let model, let peripheralRequests):
            "\(model.rawValue) pairing, \(peripheralRequests ? "peripheral's Security Request" : "central starts")"
        case .reencryption: "re-encryption with a stored bond"
        case .channelSend: "credit-based channel send"
        case .channelClose: "credit-based channel close"
        }
    }
}

extension PairingScenario.Model {
    /// Whether the model is LE legacy pairing, where each side also distributes its LTK, EDIV and Rand.
    var isLegacy: Bool { self == .legacyJustWorks || self == .legacyPasskey }

    /// The SMP PDUs a bonding pairing of this model exchanges between the two hosts, key distribution included:
    /// each side's identity (IRK and identity address), and with legacy pairing each side's LTK, EDIV and Rand.
    var smpPDUCount: Int {
        switch self {
        case .secureJustWorks, .secureNumericComparison: 13
        case .securePasskey: 90
        case .legacyJustWorks, .legacyPasskey: 14
        }
    }
}

/// One cell of the host-level vanish table: a procedure and the number of its steps that pass before the cut.
struct HostVanishCell: Sendable, CustomTestStringConvertible {
    let procedure: HostVanishProcedure
    let step: Int

    /// Every cell: each procedure cut after each of its steps but the last, except that of the 20 identical
    /// rounds of Passkey Entry (4 PDUs each) only the first and the last are cut at every step.
    static let table: [HostVanishCell] = HostVanishProcedure.all.flatMap { procedure in
        (0..<procedure.stepCount).filter { !procedure.isMiddlePasskeyRound($0) }.map {
            HostVanishCell(procedure: procedure, step: $0)
        }
    }

    /// The cells whose procedure has a timer that meets a silent peer.
    static let silentTable = table.filter(\.procedure.timesOut)

    var testDescription: String { "\(procedure.testDescription), cut after \(step) step(s)" }
}
