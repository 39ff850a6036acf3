import HCI

/// Handlers for the commands that configure a controller: addresses, lists and defaults.
extension ControllerState {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.4.
    func setRandomAddress(
        _ command: LESetRandomAddressCommand
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        let legacyAdvertising = advertisingSets[.legacy]?.enabled ?? false
        guard !legacyAdvertising, scan == nil, initiator == nil else { throw .commandDisallowed }
        randomAddress = command.randomAddress
        return EmptyReturnParameters()
    }

    /// Own address types 0x02 and 0x03 (the controller makes resolvable private addresses from its resolving list)
    /// came with LL privacy in 4.2; a controller without it refuses them with Unsupported Feature or Parameter
    /// Value (0x11).
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.5 and 1.1 (4.2's changes).
    func checkOwnAddressType(_ type: AddressType) throws(ControllerError) {
        guard type.rawValue < 0x02 || configuration.leFeatures.contains(.llPrivacy) else {
            throw .unsupportedFeatureOrParameterValue
        }
    }

    /// The filter accept list may not change while advertising, scanning or initiating uses it.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.15.
    func checkFilterAcceptListIdle() throws(ControllerError) {
        let advertisingUsesList = advertisingSets.values.contains { $0.enabled && $0.filterPolicy != 0 }
        let scanningUsesList = (scan?.parameters.filterPolicy ?? 0) & 0x01 != 0
        let initiatingUsesList = initiator?.filterPolicy == 1
        guard !advertisingUsesList, !scanningUsesList, !initiatingUsesList else { throw .commandDisallowed }
    }

    /// The resolving list may not change while address resolution is on and the radio is busy.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.38.
    func checkResolvingListIdle() throws(ControllerError) {
        guard addressResolutionEnabled else { return }
        guard !isAdvertising, scan == nil, initiator == nil else { throw .commandDisallowed }
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.38.
    func addToResolvingList(
        _ command: LEAddDeviceToResolvingListCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try checkResolvingListIdle()
        let peer = DeviceAddress(type: command.peerIdentityAddressType, address: command.peerIdentityAddress)
        guard !resolvingList.contains(where: { $0.peer.matches(peer) }) else { throw .invalidCommandParameters }
        guard resolvingList.count < Int(configuration.resolvingListSize) else { throw .memoryCapacityExceeded }
        resolvingList.append(.init(peer: peer, peerIRK: command.peerIRK, localIRK: command.localIRK))
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.48.
    func setDefaultPHY(
        _ command: LESetDefaultPHYCommand
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
        defaults.allPHYs = command.allPHYs
        defaults.txPHYs = command.txPHYs
        defaults.rxPHYs = command.rxPHYs
        return EmptyReturnParameters()
    }
}
