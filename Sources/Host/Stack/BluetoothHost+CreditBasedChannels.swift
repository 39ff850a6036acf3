import HCI

extension BluetoothHost {
    /// Accepts credit-based channels to `spsm` from now on, or to a free dynamic SPSM when nil, run as `options`
    /// say; peers' channels to it open as ``HostEvent/channelOpened(_:)``.
    ///
    /// - Returns: The SPSM published.
    /// - Throws: ``HostError/noFreeSPSM`` when every dynamic SPSM is taken.
    @discardableResult
    public func publishChannel(
        spsm: SPSM? = nil, options: ChannelServiceOptions = .init()
    ) throws(HostError) -> SPSM {
        try l2cap.publish(spsm: spsm, options: options)
    }

    /// Stops accepting channels to `spsm`; channels already open stay open.
    public func unpublishChannel(spsm: SPSM) {
        l2cap.unpublish(spsm: spsm)
    }

    /// Opens a credit-based channel to the peer's service `spsm` and returns it once the peer accepts.
    ///
    /// With `creditsFollowConsumption`, a received SDU's credit goes back to the peer only once reported
    /// consumed (``consumed(_:onChannel:of:)``).
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 10.1.
    public func openChannel(
        spsm: SPSM, on handle: ConnectionHandle, configuration: CreditBasedChannel.Configuration = .init(),
        creditsFollowConsumption: Bool = false
    ) async throws(HostError) -> L2CAPChannelInfo {
        try await l2cap.openChannel(
            spsm: spsm, on: handle, configuration: configuration, creditsFollowConsumption: creditsFollowConsumption)
    }

    /// Sends one SDU on an open channel; it leaves in K-frames as the peer grants credits.
    public func send(_ sdu: [UInt8], onChannel cid: L2CAPChannelID, of handle: ConnectionHandle) throws(HostError) {
        try l2cap.send(sdu, onChannel: cid, of: handle)
    }

    /// Sends one SDU on an open channel once its send queue has room, waiting for the peer's credits to make some.
    ///
    /// - Throws: ``HostError/channelClosed(_:_:_:)`` when the channel closes while waiting, or what
    ///   ``send(_:onChannel:of:)`` throws.
    public func enqueue(
        _ sdu: [UInt8], onChannel cid: L2CAPChannelID, of handle: ConnectionHandle
    ) async throws(HostError) {
        try await l2cap.enqueue(sdu, onChannel: cid, of: handle)
    }

    /// Reports that the user took `count` more of the SDUs delivered on a channel whose credits follow
    /// consumption, so that their credits may go back to the peer; does nothing for other channels.
    public func consumed(_ count: Int = 1, onChannel cid: L2CAPChannelID, of handle: ConnectionHandle) {
        l2cap.consumed(count, onChannel: cid, of: handle)
    }

    /// Closes a channel; ``HostEvent/channelClosed(_:_:reason:)`` follows once the peer answers. With
    /// `afterSending`, the SDUs already queued leave first (the peer's answer then also confirms it had them all);
    /// otherwise they are dropped.
    public func closeChannel(
        _ cid: L2CAPChannelID, of handle: ConnectionHandle, afterSending: Bool = false
    ) throws(HostError) {
        try l2cap.closeChannel(cid, of: handle, afterSending: afterSending)
    }
}
