import HCI

/// Handlers for the legacy and extended scanning commands, and for those that start and cancel initiating.
extension ControllerState {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.10.
    func setScanParameters(
        _ command: LESetScanParametersCommand
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        try claim(.legacy)
        guard scan == nil else { throw .commandDisallowed }
        let parameters = try ScanParameters(command)
        try checkOwnAddressType(command.ownAddressType)
        legacyScanParameters = parameters
        return EmptyReturnParameters()
    }

    /// Enabling (again) starts a fresh duplicate filter; on an instant air it hears every advertiser at once, on a
    /// timed one each advertising PDU that falls in one of its scan windows from now on.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.11.
    func setScanEnable(
        _ command: LESetScanEnableCommand
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        try claim(.legacy)
        guard command.enable else {
            scan = nil
            return EmptyReturnParameters()
        }
        try startScanning(.legacy, parameters: legacyScanParameters, filterDuplicates: command.filterDuplicates)
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.64.
    func setExtendedScanParameters(
        _ command: LESetExtendedScanParametersCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended)
        guard scan == nil else { throw .commandDisallowed }
        extendedScanParameters = try ScanParameters(command)
        return EmptyReturnParameters()
    }

    /// A non-zero duration ends the scan with LE Scan Timeout; the period (repeated scanning) is not modelled.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.65.
    func setExtendedScanEnable(
        _ command: LESetExtendedScanEnableCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended)
        guard command.enable else {
            scan = nil
            cancelTimer(.scanDuration)
            return EmptyReturnParameters()
        }
        guard command.filterDuplicates <= 0x02 else { throw .invalidCommandParameters }
        try startScanning(
            .extended, parameters: extendedScanParameters, filterDuplicates: command.filterDuplicates != 0)
        if command.duration > 0 {
            requested.append(.schedule(.scanDuration, after: .milliseconds(Int64(command.duration) * 10)))
        } else {
            cancelTimer(.scanDuration)
        }
        return EmptyReturnParameters()
    }

    private func startScanning(
        _ family: CommandFamily, parameters: ScanParameters, filterDuplicates: Bool
    ) throws(ControllerError) {
        if parameters.type == .active, ownAddress(parameters.ownAddressType) == nil {
            throw .invalidCommandParameters
        }
        scan = ScanState(family: family, parameters: parameters, filterDuplicates: filterDuplicates)
        requested.append(.startScanning)
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.12.
    func createConnection(_ command: LECreateConnectionCommand) throws(ControllerError) {
        try claim(.legacy)
        guard (0x0004...0x4000).contains(command.scanInterval), (0x0004...0x4000).contains(command.scanWindow),
            command.scanWindow <= command.scanInterval
        else { throw .invalidCommandParameters }
        let parameters = try ConnectionParameters.validated(
            intervalMin: command.connectionIntervalMin, intervalMax: command.connectionIntervalMax,
            latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout)
        try beginInitiating(
            Initiator(
                family: .legacy, filterPolicy: command.initiatorFilterPolicy,
                peer: DeviceAddress(type: command.peerAddressType, address: command.peerAddress),
                ownAddressType: command.ownAddressType, parameters: parameters))
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.66.
    func extendedCreateConnection(
        _ command: LEExtendedCreateConnectionCommand
    )
        throws(ControllerError)
    {
        try claim(.extended)
        let known: PHYMask = [.le1M, .le2M, .leCoded]
        guard !command.initiatingPHYs.isEmpty, command.initiatingPHYs.isSubset(of: known) else {
            throw .invalidCommandParameters
        }
        guard command.initiatingPHYs.contains(.le1M), let first = command.phys.first else {
            throw .unsupportedFeatureOrParameterValue
        }
        guard first.scanWindow <= first.scanInterval, first.scanInterval >= 0x0004 else {
            throw .invalidCommandParameters
        }
        let parameters = try ConnectionParameters.validated(
            intervalMin: first.connectionIntervalMin, intervalMax: first.connectionIntervalMax,
            latency: first.maxLatency, supervisionTimeout: first.supervisionTimeout)
        try beginInitiating(
            Initiator(
                family: .extended, filterPolicy: command.initiatorFilterPolicy,
                peer: DeviceAddress(type: command.peerAddressType, address: command.peerAddress),
                ownAddressType: command.ownAddressType, parameters: parameters))
    }

    /// Starts initiating; the connection forms at once if a matching advertiser is on the air, else when one appears.
    private func beginInitiating(_ request: Initiator) throws(ControllerError) {
        guard initiator == nil else { throw .commandDisallowed }
        guard request.filterPolicy <= 0x01, request.peer.type.rawValue <= 0x03,
            request.ownAddressType.rawValue <= 0x03
        else { throw .invalidCommandParameters }
        try checkOwnAddressType(request.ownAddressType)
        guard ownAddress(request.ownAddressType) != nil else { throw .invalidCommandParameters }
        guard connectionCount < configuration.maximumConnections else { throw .connectionLimitExceeded }
        if request.filterPolicy == 0, peers().contains(where: { $0.matches(request.peer) }) {
            throw .connectionAlreadyExists
        }
        initiator = request
        requested.append(.initiate)
    }

    /// The identities of the devices this controller is connected to.
    func peers() -> [DeviceAddress] {
        handles.elements.map { _, link in
            resolve(link.side(of: id) == .central ? link.peripheralAddress : link.centralAddress).identity
        }
    }

    /// Cancelling answers Command Complete, then a connection complete event with Unknown Connection Identifier.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.13.
    func createConnectionCancel() throws(ControllerError) -> EmptyReturnParameters {
        guard initiator != nil else { throw .commandDisallowed }
        initiator = nil
        if let event = connectionFailureEvent(.unknownConnectionIdentifier, role: .central) {
            requested.append(.event(event))
        }
        return EmptyReturnParameters()
    }
}
