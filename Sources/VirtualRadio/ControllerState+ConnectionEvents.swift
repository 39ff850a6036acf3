import HCI

/// The connection complete events a controller gives its host, in the newest form the host unmasked.
extension ControllerState {
    /// The news of a new connection for this controller's host: the newest connection complete event it unmasked,
    /// or nil when it masked them all.
    ///
    /// The enhanced events give a resolved peer as its identity (type 0x02 or 0x03) with the resolvable
    /// private addresses both sides used; LE Connection Complete gives the identity as public or random.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65.1, 7.7.65.10 and 7.7.65.10 (v2).
    func connectionCompleteEvent(_ link: Link, side: LinkSide, advertisingHandle: UInt8) -> HCIEventPacket? {
        let resolved = resolve(side == .central ? link.peripheralAddress : link.centralAddress)
        let peer = resolved.identity
        let peerRPA = resolved.resolvablePrivateAddress ?? .zero
        let own = side == .central ? link.centralAddress : link.peripheralAddress
        let localRPA = own.type.isRandom && own.address.isResolvablePrivate ? own.address : .zero
        let clockAccuracy: UInt8 = side == .central ? 0x00 : 0x05
        let parameters = link.parameters
        let handle = link.handle(side)
        if masks.allows(LEEnhancedConnectionCompleteV2Event.subeventCode) {
            return HCIEventPacket(
                LEEnhancedConnectionCompleteV2Event(
                    status: .success, handle: handle, role: side.role, peerAddressType: peer.type,
                    peerAddress: peer.address, localResolvablePrivateAddress: localRPA,
                    peerResolvablePrivateAddress: peerRPA, connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout,
                    centralClockAccuracy: clockAccuracy, advertisingHandle: advertisingHandle, syncHandle: 0xFFFF))
        }
        if masks.allows(LEEnhancedConnectionCompleteEvent.subeventCode) {
            return HCIEventPacket(
                LEEnhancedConnectionCompleteEvent(
                    status: .success, handle: handle, role: side.role, peerAddressType: peer.type,
                    peerAddress: peer.address, localResolvablePrivateAddress: localRPA,
                    peerResolvablePrivateAddress: peerRPA, connectionInterval: parameters.interval,
                    peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout,
                    centralClockAccuracy: clockAccuracy))
        }
        guard masks.allows(LEConnectionCompleteEvent.subeventCode) else { return nil }
        return HCIEventPacket(
            LEConnectionCompleteEvent(
                status: .success, handle: handle, role: side.role, peerAddressType: peer.normalized.type,
                peerAddress: peer.address, connectionInterval: parameters.interval,
                peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout,
                centralClockAccuracy: clockAccuracy))
    }

    /// The news for this controller's host that no connection formed (cancelled, or directed advertising timed
    /// out), or nil when it masked it.
    func connectionFailureEvent(_ status: HCIStatus, role: Role) -> HCIEventPacket? {
        let handle = ConnectionHandle(rawValue: 0)
        if masks.allows(LEEnhancedConnectionCompleteV2Event.subeventCode) {
            return HCIEventPacket(
                LEEnhancedConnectionCompleteV2Event(
                    status: status, handle: handle, role: role, peerAddressType: .public, peerAddress: .zero,
                    localResolvablePrivateAddress: .zero, peerResolvablePrivateAddress: .zero, connectionInterval: 0,
                    peripheralLatency: 0, supervisionTimeout: 0, centralClockAccuracy: 0, advertisingHandle: 0xFF,
                    syncHandle: 0xFFFF))
        }
        if masks.allows(LEEnhancedConnectionCompleteEvent.subeventCode) {
            return HCIEventPacket(
                LEEnhancedConnectionCompleteEvent(
                    status: status, handle: handle, role: role, peerAddressType: .public, peerAddress: .zero,
                    localResolvablePrivateAddress: .zero, peerResolvablePrivateAddress: .zero, connectionInterval: 0,
                    peripheralLatency: 0, supervisionTimeout: 0, centralClockAccuracy: 0))
        }
        guard masks.allows(LEConnectionCompleteEvent.subeventCode) else { return nil }
        return HCIEventPacket(
            LEConnectionCompleteEvent(
                status: status, handle: handle, role: role, peerAddressType: .public, peerAddress: .zero,
                connectionInterval: 0, peripheralLatency: 0, supervisionTimeout: 0, centralClockAccuracy: 0))
    }
}
