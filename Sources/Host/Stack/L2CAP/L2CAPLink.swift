import HCI

/// The L2CAP state of one link above its fixed ATT and SMP channels: the LE signaling channel, its response
/// timers, and the link's credit-based channels by our channel identifier.
final class L2CAPLink {
    let handle: ConnectionHandle
    var signaling: SignalingChannel
    var signalingTimers: [UInt8: Task<Void, Never>] = [:]
    var channels: [L2CAPChannelID: HostChannel] = [:]

    init(handle: ConnectionHandle, role: Role) {
        self.handle = handle
        self.signaling = SignalingChannel(role: role)
    }
}
