import Host

extension CBPeripheralManager {
    /// The host's pairing agent for the ``CBPairingAgent`` in `options`, asked about this manager's centrals;
    /// nil when the options hold none.
    func pairingAgentBridge(options: [String: Any]?) -> PairingAgentBridge? {
        PairingAgentBridge(options: options, queue: queue) { [weak self] link in
            self?.central(on: link)
        }
    }

    /// The central on `link`: the connected one, or the one object for its address, made now when pairing comes
    /// before the connection's event.
    func central(on link: HostLink) -> CBCentral {
        if let central = centralsByConnection[link.handle] { return central }
        let identifier = Self.identifier(of: link.peerAddress, type: link.peerAddressType)
        let central = centralsByIdentifier[identifier] ?? CBCentral(identifier: identifier)
        centralsByIdentifier[identifier] = central
        return central
    }
}
