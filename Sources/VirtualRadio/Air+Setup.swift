import HCI

/// Handlers for the commands that configure a controller: reset, addresses, lists and defaults.
extension Air {
    /// HCI Reset: the controller forgets what its host set; its links vanish, so peers see a supervision timeout.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.3.2.
    func resetController(_ c: ControllerState) -> EmptyReturnParameters {
        dropLinks(of: c, peerReason: .connectionTimeout)
        c.reset()
        unreportedSenders.removeAll { $0 === c }
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.4.
    func setRandomAddress(
        _ command: LESetRandomAddressCommand, _ c: ControllerState
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        let legacyAdvertising = c.advertisingSets[.legacy]?.enabled ?? false
        guard !legacyAdvertising, c.scan == nil, c.initiator == nil else { throw .commandDisallowed }
        c.randomAddress = command.randomAddress
        return EmptyReturnParameters()
    }

    /// Own address types 0x02 and 0x03 (the controller makes resolvable private addresses from its resolving list)
    /// came with LL privacy in 4.2; a controller without it refuses them with Unsupported Feature or Parameter
    /// Value (0x11).
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.5 and 1.1 (4.2's changes).
    func checkOwnAddressType(_ type: AddressType, _ c: ControllerState) throws(ControllerError) {
        guard type.rawValue < 0x02 || c.configuration.leFeatures.contains(.llPrivacy) else {
            throw .unsupportedFeatureOrParameterValue
        }
    }

    /// The filter accept list may not change while advertising, scanning or initiating uses it.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.15.
    func checkFilterAcceptListIdle(_ c: ControllerState) throws(ControllerError) {
        let advertisingUsesList = c.advertisingSets.values.contains { $0.enabled && $0.filterPolicy != 0 }
        let scanningUsesList = (c.scan?.parameters.filterPolicy ?? 0) & 0x01 != 0
        let initiatingUsesList = c.initiator?.filterPolicy == 1
        guard !advertisingUsesList, !scanningUsesList, !initiatingUsesList else { throw .commandDisallowed }
    }

    /// The resolving list may not change while address resolution is on and the radio is busy.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.38.
    func checkResolvingListIdle(_ c: ControllerState) throws(ControllerError) {
        guard c.addressResolutionEnabled else { return }
        guard !c.isAdvertising, c.scan == nil, c.initiator == nil else { throw .commandDisallowed }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.38.
    func addToResolvingList(
        _ command: LEAddDeviceToResolvingListCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try checkResolvingListIdle(c)
        let peer = DeviceAddress(type: command.peerIdentityAddressType, address: command.peerIdentityAddress)
        guard !c.resolvingList.contains(where: { $0.peer.matches(peer) }) else { throw .invalidCommandParameters }
        guard c.resolvingList.count < Int(c.configuration.resolvingListSize) else { throw .memoryCapacityExceeded }
        c.resolvingList.append(.init(peer: peer, peerIRK: command.peerIRK, localIRK: command.localIRK))
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.48.
    func setDefaultPHY(
        _ command: LESetDefaultPHYCommand, _ c: ControllerState
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        guard command.allPHYs & ~0x03 == 0 else { throw .invalidCommandParameters }
        let supported: PHYMask = [.le1M, .le2M]
        if command.allPHYs & 0x01 == 0, command.txPHYs.intersection(supported).isEmpty {
            throw .unsupportedFeatureOrParameterValue
        }
        if command.allPHYs & 0x02 == 0, command.rxPHYs.intersection(supported).isEmpty {
            throw .unsupportedFeatureOrParameterValue
        }
        c.defaults.allPHYs = command.allPHYs
        c.defaults.txPHYs = command.txPHYs
        c.defaults.rxPHYs = command.rxPHYs
        return EmptyReturnParameters()
    }
}
