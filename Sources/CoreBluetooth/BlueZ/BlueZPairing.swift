import BlueZ

/// The manager's pairing agent on bluetoothd: an `org.bluez.Agent1` of ours, registered as bluetoothd's default
/// agent with the ``CBPairingAgent``'s IO capability, whose questions the app's agent answers on the delegate
/// queue, about the manager's object for the device.
///
/// Numeric Comparison asks `confirmPairing`, Passkey Entry `requestPasskey` (nil cancels) or `displayPasskey` (once
/// per passkey shown, not at each key the user types). A Just Works pairing the peer starts (`RequestAuthorization`)
/// is accepted, as our host stack accepts it, unless ``CBManagerOptionPairingRequiresMITMKey`` is true; a bonded
/// device's use of a service (`AuthorizeService`) is accepted, as iOS asks no user about it. PIN codes (BR/EDR
/// only) are refused.
///
/// A manager without a ``CBPairingAgent`` registers one too, as NoInputNoOutput, that accepts Just Works and nothing
/// else, as our host stack pairs without an agent (an iPhone user would tap "Pair"): without any agent bluetoothd
/// refuses the kernel's request to confirm even a Just Works pairing, and a read that needs encryption fails.
///
/// Confined to the delegate queue; `@unchecked Sendable` only to be handed to it.
final class BlueZPairing: @unchecked Sendable {
    private weak var agent: (any CBPairingAgent)?
    /// Whether the manager's options gave an agent (which may since have gone away).
    private let hasAppAgent: Bool
    /// The IO capability bluetoothd is told.
    let capability: BlueZAgentCapability
    private let requiresMITM: Bool

    /// The agent in the manager's options, or Just Works alone when they hold none.
    init(options: [String: Any]?) {
        let agent = PairingAgentBridge.agent(in: options)
        self.agent = agent
        hasAppAgent = agent != nil
        capability = agent.map { Self.capability($0.ioCapability) } ?? .noInputNoOutput
        requiresMITM = options?[CBManagerOptionPairingRequiresMITMKey] as? Bool ?? false
    }

    /// The capability bluetoothd is told for an IO capability.
    static func capability(_ ioCapability: CBPairingIOCapability) -> BlueZAgentCapability {
        switch ioCapability {
        case .displayOnly: .displayOnly
        case .displayYesNo: .displayYesNo
        case .keyboardOnly: .keyboardOnly
        case .noInputNoOutput: .noInputNoOutput
        case .keyboardDisplay: .keyboardDisplay
        }
    }

    /// Registers the agent on `backend`'s connection; its questions are answered on `queue` about `backend`'s peers.
    func register(for backend: some BlueZBackend, queue: DispatchQueue) async {
        weak let peers = backend
        do throws(BlueZError) {
            try await backend.client.registerAgent(capability: capability) { [self] request in
                queue.async { self.answer(request, peer: peers?.peer(at: request.question.device)) }
            }
        } catch {
            CoreBluetoothLog.warning("bluetoothd refused our pairing agent, its own default agent pairs: \(error)")
        }
    }

    /// Puts one question to the app's agent, or answers it here; refused when the agent or the peer is gone.
    func answer(_ request: BlueZAgentRequest, peer: CBPeer?) {
        guard hasAppAgent else { return answerJustWorks(request) }
        guard let agent, let peer else {
            CoreBluetoothLog.warning("no pairing agent answers for \(request.question.device); pairing refused")
            return request.answer(.rejected)
        }
        switch request.question {
        case .confirm(_, let number):
            agent.confirmPairing(with: peer, numericValue: number) { request.answer($0 ? .accepted : .rejected) }
        case .passkey:
            agent.requestPasskey(for: peer) { passkey in
                guard let passkey else { return request.answer(.canceled) }
                request.answer(passkey <= 999_999 ? .passkey(passkey) : .rejected)
            }
        case .displayPasskey(_, let passkey, let entered):
            if entered == 0 { agent.displayPasskey(passkey, for: peer) }
        case .authorize:
            request.answer(requiresMITM ? .rejected : .accepted)
        case .authorizeService:
            request.answer(.accepted)
        }
    }

    /// Answers for a manager without a ``CBPairingAgent``: Just Works (and a bonded device's use of a service) is
    /// accepted unless MITM is required; a number to compare or a passkey has no one to show it to, so is refused.
    private func answerJustWorks(_ request: BlueZAgentRequest) {
        switch request.question {
        case .authorize:
            request.answer(requiresMITM ? .rejected : .accepted)
        case .authorizeService:
            request.answer(.accepted)
        case .confirm, .passkey:
            CoreBluetoothLog.warning(
                "pairing with \(request.question.device) needs a CBPairingAgent (CBManagerOptionPairingAgentKey); refused"
            )
            request.answer(.rejected)
        case .displayPasskey:
            break
        }
    }
}
