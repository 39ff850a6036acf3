import HCI

/// The host's state for one link: the link as the layer above sees it, L2CAP reassembly, and the ATT bearer
/// that the GATT client and server share.
///
/// Owned by its ``BluetoothHost``, which makes every call on it.
final class HostConnection {
    @exclusivity(unchecked) var link: HostLink
    @exclusivity(unchecked) var reassembler: Reassembler
    let bearer: ATTBearer
    /// Why the host itself is dropping the link, when the controller's reason (terminated by the local host)
    /// would hide it: a peer that left an ATT transaction unanswered is reported as a connection timeout.
    var teardownReason: HCIStatus?

    init(link: HostLink, maximumPDUSize: Int, bearer: ATTBearer) {
        self.link = link
        self.reassembler = Reassembler(maximumPDUSize: maximumPDUSize)
        self.bearer = bearer
    }
}
