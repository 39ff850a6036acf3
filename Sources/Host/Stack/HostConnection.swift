import HCI

/// The host's state for one link: L2CAP reassembly, the ATT bearer, the LE signaling channel and
/// what the GATT client learned of the peer's database.
///
/// Owned by its ``BluetoothHost``, which makes every call on it.
final class HostConnection {
    var link: HostLink
    var reassembler: Reassembler
    let bearer: ATTBearer
    var signaling: SignalingChannel
    var signalingTimers: [UInt8: Task<Void, Never>] = [:]
    var cache = GATTDatabaseCache()
    var security = LinkSecurity.unencrypted
    var channels: [L2CAPChannelID: HostChannel] = [:]
    var securityState = LinkSecurityState()

    init(link: HostLink, maximumPDUSize: Int, bearer: ATTBearer) {
        self.link = link
        self.reassembler = Reassembler(maximumPDUSize: maximumPDUSize)
        self.bearer = bearer
        self.signaling = SignalingChannel(role: link.role)
    }

    /// The value handle of the peer's Service Changed characteristic, once discovered.
    var serviceChangedHandle: AttributeHandle? {
        cache.services.first { $0.service.uuid == .genericAttributeService }?
            .characteristics?.first { $0.characteristic.uuid == .serviceChanged }?.characteristic.valueHandle
    }

    /// Stops every timer the connection runs.
    func cancelTimers() {
        for timer in signalingTimers.values { timer.cancel() }
        signalingTimers = [:]
        securityState.timer?.cancel()
        securityState.timer = nil
    }
}
