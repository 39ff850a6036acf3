import BlueZ

/// The manager's pairing agent on bluetoothd: an `org.bluez.Agent1` of ours, registered as bluetoothd's default
/// agent with the ``CBPairingAgent``'s IO capability, whose questions the app's agent answers on the delegate
/// queue, about the manager's object for the device.
///
/// Numeric Comparison asks `confirmPairing`, Passkey Entry `requestPasskey` (nil cancels) or `displayPasskey` (once
/// per passkey shown, not at each key the user types). A Just Works pairing the peer starts (`RequestAuthorization`)
/// is accepted, as our host stack accepts it, unless ``CBManagerOptionPairingRequiresMITMKey`` is true; a bonded
/// device's use of a service (`AuthorizeService`) is accepted, as iOS asks no user about it. PIN codes (BR/EDR
/// only) are refused. Confined to the delegate queue; `@unchecked Sendable` only to be handed to it.
final class BlueZPairing: @unchecked Sendable {
    private weak var agent: (any CBPairingAgent)?
    private let capability: BlueZAgentCapability
    private let requiresMITM: Bool

    /// The agent in the manager's options, or nil when they hold none.
    init?(options: [String: Any]?) {
        guard let agent = PairingAgentBridge.agent(in: options) else { return nil }
        self.agent = agent
        capability = Self.capability(agent.ioCapability)
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
}
