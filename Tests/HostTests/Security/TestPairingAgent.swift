import Host
import Synchronization

/// A pairing agent for tests: answers Numeric Comparison as told, types the passkey the other device's agent
/// shows (or a wrong one), and records every number it was shown.
final class TestPairingAgent: PairingAgent {
    private let board: PasskeyBoard
    private let accepts: Bool
    private let typesWrongPasskey: Bool
    private let cancelsPasskeyEntry: Bool
    private let shown = Mutex<[UInt32]>([])

    init(board: PasskeyBoard, accepts: Bool = true, typesWrongPasskey: Bool = false, cancelsPasskeyEntry: Bool = false)
    {
        self.board = board
        self.accepts = accepts
        self.typesWrongPasskey = typesWrongPasskey
        self.cancelsPasskeyEntry = cancelsPasskeyEntry
    }

    /// The numbers and passkeys this agent showed its user, in order.
    var numbersShown: [UInt32] { shown.withLock { $0 } }

    func confirm(number: UInt32, on link: HostLink) async -> Bool {
        shown.withLock { $0.append(number) }
        return accepts
    }

    func passkey(for link: HostLink) async -> UInt32? {
        if cancelsPasskeyEntry { return nil }
        let passkey = await board.passkey()
        return typesWrongPasskey ? (passkey + 1) % 1_000_000 : passkey
    }

    func display(passkey: UInt32, on link: HostLink) async {
        shown.withLock { $0.append(passkey) }
        board.post(passkey)
    }
}

/// Where the agent that displays a passkey leaves it for the agent whose user types it.
final class PasskeyBoard: Sendable {
    private struct State {
        var passkey: UInt32?
        var waiters: [CheckedContinuation<UInt32, Never>] = []
    }

    private let state = Mutex(State())

    func post(_ passkey: UInt32) {
        let waiters = state.withLock { state in
            state.passkey = passkey
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: passkey) }
    }

    func passkey() async -> UInt32 {
        await withCheckedContinuation { continuation in
            let posted = state.withLock { state in
                if state.passkey == nil { state.waiters.append(continuation) }
                return state.passkey
            }
            if let posted { continuation.resume(returning: posted) }
        }
    }
}

/// A pairing agent whose user never types the passkey: it says it was asked on `asked`, then waits for `answer`.
struct StallingAgent: PairingAgent {
    let asked: PasskeyBoard
    let answer: PasskeyBoard

    func confirm(number: UInt32, on link: HostLink) async -> Bool {
        await answer.passkey() != 0
    }

    func passkey(for link: HostLink) async -> UInt32? {
        asked.post(0)
        return await answer.passkey()
    }

    func display(passkey: UInt32, on link: HostLink) async {}
}
