import Synchronization

/// An agent's answer to one of bluetoothd's questions.
public enum BlueZAgentAnswer: Equatable, Sendable {
    /// Yes: the numbers match, the pairing or the service is authorized.
    case accepted
    /// The passkey the user typed.
    case passkey(UInt32)
    /// No: bluetoothd fails the pairing (`org.bluez.Error.Rejected`).
    case rejected
    /// The user gave up: bluetoothd fails the pairing (`org.bluez.Error.Canceled`).
    case canceled

    /// The D-Bus reply: no arguments for a yes, the passkey as a `uint32`, or BlueZ's error.
    var reply: Result<[DBusValue], BlueZError> {
        switch self {
        case .accepted: .success([])
        case .passkey(let passkey): .success([.uint32(passkey)])
        case .rejected: .failure(BlueZAgentQuestion.rejected)
        case .canceled: .failure(BlueZAgentQuestion.canceled)
        }
    }
}

/// One question bluetoothd put to the agent, answered once, from any thread, by ``answer(_:)``; later answers,
/// and answers after bluetoothd cancelled the question, send nothing.
public struct BlueZAgentRequest: Sendable {
    /// What bluetoothd asked.
    public let question: BlueZAgentQuestion
    private let responder: BlueZResponder?
    private let pending: BlueZAgentPending

    init(question: BlueZAgentQuestion, responder: BlueZResponder?, pending: BlueZAgentPending) {
        self.question = question
        self.responder = responder
        self.pending = pending
        if let responder { pending.insert(responder) }
    }

    /// Sends `answer` as the reply to the question, unless it was answered or cancelled before.
    public func answer(_ answer: BlueZAgentAnswer) {
        guard let responder else { return }
        pending.remove(responder)
        responder.send(answer.reply)
    }
}

/// The agent's questions still owed a reply: bluetoothd's `Cancel` (it gave up waiting, or the pairing failed) and
/// `Release` (it let the agent go) end them all, so that no reply goes out to a call bluetoothd no longer waits for.
final class BlueZAgentPending: Sendable {
    private let waiting = Mutex<[ObjectIdentifier: BlueZResponder]>([:])

    func insert(_ responder: BlueZResponder) {
        waiting.withLock { $0[ObjectIdentifier(responder)] = responder }
    }

    func remove(_ responder: BlueZResponder) {
        _ = waiting.withLock { $0.removeValue(forKey: ObjectIdentifier(responder)) }
    }

    /// How many questions wait for a reply.
    var count: Int { waiting.withLock { $0.count } }

    /// Ends every question waiting: none of them will be answered.
    func cancelAll() {
        let ended = waiting.withLock { waiting in
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for responder in ended { responder.withdraw() }
    }
}
