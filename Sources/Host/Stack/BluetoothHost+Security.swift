import HCI

extension BluetoothHost {
    /// The Security Manager timer: a pairing that makes no progress for this long fails.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.4.
    public static let pairingTimeout: Duration = .seconds(30)

    /// Sets who answers the user-facing steps of pairing; nil pairs with Just Works only.
    public func setPairingAgent(_ agent: (any PairingAgent)?) {
        securityManager.agent = agent
    }

    /// How well the link on `handle` is protected now; unencrypted when there is no such link.
    public func security(of handle: ConnectionHandle) -> LinkSecurity {
        securityManager.security(of: handle)
    }

    /// Secures a link: as central, encrypts it with the bond's key if the peer is bonded, else pairs; as
    /// peripheral, sends a Security Request and waits for the central to do either. Joins a pairing under way.
    ///
    /// - Returns: The link's protection once it is encrypted (at once if it already is).
    /// - Throws: ``HostError/pairingFailed(_:_:)``, ``HostError/pairingTimeout(_:)``,
    ///   ``HostError/encryptionFailed(_:_:)`` (PIN or Key Missing when the peer lost the bond; pairing again
    ///   then starts afresh), ``HostError/disconnected(_:reason:)`` or ``HostError/notConnected(_:)``.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4, 3.5 and 3.6.7.
    @discardableResult
    public func pair(_ handle: ConnectionHandle) async throws(HostError) -> LinkSecurity {
        try await securityManager.pair(handle)
    }
}
