import Dispatch
import Synchronization

/// One answer a ``CBPairingAgent`` owes the host: the first reply counts, later ones are ignored, and none at all
/// counts as `unanswered` once the Security Manager's timer has run out.
final class PairingReply<Answer: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Answer, Never>?>

    private init(_ continuation: CheckedContinuation<Answer, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// Hands a new reply to `ask` and waits for the answer, which is `unanswered` if none comes in time.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.4.
    static func awaiting(
        unanswered: Answer, after timeout: Duration, _ ask: @escaping @Sendable (PairingReply) -> Void
    ) async -> Answer {
        await withCheckedContinuation { continuation in
            let reply = PairingReply(continuation)
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { reply.resolve(unanswered) }
            ask(reply)
        }
    }

    /// Gives the answer if none was given before.
    func resolve(_ answer: Answer) {
        continuation.withLock { $0.take() }?.resume(returning: answer)
    }
}
