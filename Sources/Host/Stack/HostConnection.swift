import HCI

/// The host's state for one link: the link as the layer above sees it, L2CAP reassembly, and the ATT bearer
/// that the GATT client and server share.
///
/// Owned by its ``BluetoothHost``, which makes every call on it.
final class HostConnection {
    var link: HostLink
    var reassembler: Reassembler
    let bearer: ATTBearer

    init(link: HostLink, maximumPDUSize: Int, bearer: ATTBearer) {
        self.link = link
        self.reassembler = Reassembler(maximumPDUSize: maximumPDUSize)
        self.bearer = bearer
    }
}
