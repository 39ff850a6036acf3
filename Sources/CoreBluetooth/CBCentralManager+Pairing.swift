import Host

extension CBCentralManager {
    /// The host's pairing agent for the ``CBPairingAgent`` in `options`, asked about this manager's peripherals;
    /// nil when the options hold none.
    func pairingAgentBridge(options: [String: Any]?) -> PairingAgentBridge? {
        PairingAgentBridge(options: options, queue: queue) { [weak self] link in
            guard let self else { return nil }
            return linked[link.handle] ?? peripheral(address: link.peerAddress, type: link.peerAddressType)
        }
    }
}
