import HCI

/// Something the host tells the layer above, in the order it happened.
public enum HostEvent: Sendable, Equatable {
    /// An advertising report or scan response arrived while scanning.
    case advertisement(AdvertisementSeen)
    /// A link came up, as central or as peripheral; its MTU exchange and data length update are done.
    case connected(HostLink)
    /// A link went down, for the reason the controller gave; a link the host dropped because the peer left an
    /// ATT transaction unanswered (Core Specification Vol 3, Part F, 3.3.3) reports ``HCIStatus/connectionTimeout``.
    case disconnected(ConnectionHandle, reason: HCIStatus)
    /// The controller stopped (its transport closed, or ``BluetoothHost/stop()`` closed it): every link it had is
    /// reported down next, with ``HCIStatus/unspecifiedError``, and then the events end. A layer above can tell
    /// these links' ends from a peer's disconnection by this event before them.
    case controllerStopped
    /// ATT_MTU changed on a link.
    case mtuChanged(ConnectionHandle, mtu: Int)
    /// The peer's GATT server notified a value.
    case notification(ConnectionHandle, handle: AttributeHandle, value: [UInt8])
    /// The peer's GATT server indicated a value (already confirmed).
    case indication(ConnectionHandle, handle: AttributeHandle, value: [UInt8])
    /// The peer's GATT server said the services in `range` changed; the cached ones there are forgotten.
    case servicesChanged(ConnectionHandle, range: ClosedRange<AttributeHandle>, invalidated: [DiscoveredService])
    /// A read or write on our GATT server waits for the application's answer
    /// (``BluetoothHost/respond(to:with:)``); a Write Command needs none.
    case serverRequest(GATTServerRequest)
    /// Our GATT server's subscriptions, confirmations and transmit readiness.
    case server(GATTServerEvent)
    /// A peer opened a credit-based channel to a service we published.
    case channelOpened(L2CAPChannelInfo)
    /// An SDU arrived on a credit-based channel.
    case channelData(ConnectionHandle, L2CAPChannelID, [UInt8])
    /// A credit-based channel closed (not reported for a channel whose opening failed: its opener hears it).
    case channelClosed(ConnectionHandle, L2CAPChannelID, reason: CreditBasedChannelCloseReason)
    /// Writes without response may be sent on the link again: its outbound backlog fell below the high-water mark.
    case readyToWriteWithoutResponse(ConnectionHandle)
    /// The link's connection parameters changed.
    case connectionUpdated(ConnectionHandle, interval: UInt16, latency: UInt16, supervisionTimeout: UInt16)
    /// A link's encryption started, was refreshed or changed strength; the GATT server now enforces this level.
    case encryptionChanged(ConnectionHandle, LinkSecurity)
    /// A pairing on the link succeeded; `bonded` tells whether its keys were stored.
    case pairingCompleted(ConnectionHandle, bonded: Bool)
    /// A pairing, or encryption with a bond's key, failed on the link (``HostError/pairingFailed(_:_:)``,
    /// ``HostError/pairingTimeout(_:)`` or ``HostError/encryptionFailed(_:_:)``).
    case pairingFailed(ConnectionHandle, HostError)
}
