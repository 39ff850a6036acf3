import HCI

/// An open LE credit-based L2CAP channel as the layer above sees it.
public struct L2CAPChannelInfo: Sendable, Equatable {
    /// The link the channel runs on.
    public var connection: ConnectionHandle
    /// The service the channel was opened to.
    public var spsm: SPSM
    /// Our channel identifier, which names the channel in ``BluetoothHost/send(_:onChannel:of:)``.
    public var localCID: L2CAPChannelID
    /// The largest SDU the peer accepts.
    public var peerMTU: Int
    /// The largest SDU we accept.
    public var localMTU: Int

    /// Describes an open channel.
    public init(connection: ConnectionHandle, spsm: SPSM, localCID: L2CAPChannelID, peerMTU: Int, localMTU: Int) {
        self.connection = connection
        self.spsm = spsm
        self.localCID = localCID
        self.peerMTU = peerMTU
        self.localMTU = localMTU
    }
}
