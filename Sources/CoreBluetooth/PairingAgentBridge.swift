import Dispatch
import Host

/// The host's ``PairingAgent`` for a manager: asks the app's ``CBPairingAgent`` on the manager's delegate queue,
/// about the manager's object for the peer, and waits for its reply.
struct PairingAgentBridge: PairingAgent {
    /// What the bridge reaches on the delegate queue: the app's agent, held weakly, and the peer of a link.
    final class Target {
        weak var agent: (any CBPairingAgent)?
        let peer: (HostLink) -> CBPeer?

        init(agent: any CBPairingAgent, peer: @escaping (HostLink) -> CBPeer?) {
            self.agent = agent
            self.peer = peer
        }
    }

    private let queue: DispatchQueue
    private let target: QueueConfined<Target>

    /// A bridge to the agent in `options`, or nil when they hold none; `peer` runs on `queue`.
    init?(options: [String: Any]?, queue: DispatchQueue, peer: @escaping (HostLink) -> CBPeer?) {
        guard let agent = Self.agent(in: options) else { return nil }
        self.queue = queue
        target = QueueConfined(Target(agent: agent, peer: peer))
    }

    /// The agent a manager's options name.
    static func agent(in options: [String: Any]?) -> (any CBPairingAgent)? {
        options?[CBManagerOptionPairingAgentKey] as? any CBPairingAgent
    }

    func confirm(number: UInt32, on link: HostLink) async -> Bool {
        await ask(on: link, unanswered: false) { agent, peer, reply in
            agent.confirmPairing(with: peer, numericValue: number, reply: { reply.resolve($0) })
        }
    }

    func passkey(for link: HostLink) async -> UInt32? {
        await ask(on: link, unanswered: nil) { agent, peer, reply in
            agent.requestPasskey(for: peer, reply: { reply.resolve($0) })
        }
    }

    func display(passkey: UInt32, on link: HostLink) async {
        queue.async { [target] in
            guard let agent = target.value.agent, let peer = target.value.peer(link) else { return }
            agent.displayPasskey(passkey, for: peer)
        }
    }

    /// Puts a question to the agent on the delegate queue; with the agent gone, or no reply before the Security
    /// Manager's timer runs out, the answer is `unanswered`.
    private func ask<Answer: Sendable>(
        on link: HostLink, unanswered: Answer,
        _ question: @escaping @Sendable (any CBPairingAgent, CBPeer, PairingReply<Answer>) -> Void
    ) async -> Answer {
        await PairingReply.awaiting(unanswered: unanswered, after: BluetoothHost.pairingTimeout) {
            [queue, target] reply in
            queue.async {
                guard let agent = target.value.agent, let peer = target.value.peer(link) else {
                    CoreBluetoothLog.warning("no pairing agent answers for \(link.peerAddress); pairing refused")
                    reply.resolve(unanswered)
                    return
                }
                question(agent, peer, reply)
            }
        }
    }
}
