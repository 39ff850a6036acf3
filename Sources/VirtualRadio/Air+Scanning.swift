import HCI

/// Handlers for the legacy and extended scanning commands.
extension Air {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.10.
    func setScanParameters(
        _ command: LESetScanParametersCommand, _ c: ControllerState
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        try claim(.legacy, by: c)
        guard c.scan == nil else { throw .commandDisallowed }
        let parameters = try ScanParameters(command)
        try checkOwnAddressType(command.ownAddressType, c)
        c.legacyScanParameters = parameters
        return EmptyReturnParameters()
    }

    /// Enabling (again) starts a fresh duplicate filter; on an instant air it hears every advertiser at once, on a
    /// timed one each advertising PDU that falls in one of its scan windows from now on.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.11.
    func setScanEnable(
        _ command: LESetScanEnableCommand, _ c: ControllerState
    ) throws(ControllerError)
        -> EmptyReturnParameters
    {
        try claim(.legacy, by: c)
        guard command.enable else {
            c.scan = nil
            return EmptyReturnParameters()
        }
        try startScanning(.legacy, parameters: c.legacyScanParameters, filterDuplicates: command.filterDuplicates, c)
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.64.
    func setExtendedScanParameters(
        _ command: LESetExtendedScanParametersCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended, by: c)
        guard c.scan == nil else { throw .commandDisallowed }
        c.extendedScanParameters = try ScanParameters(command)
        return EmptyReturnParameters()
    }

    /// A non-zero duration ends the scan with LE Scan Timeout; the period (repeated scanning) is not modelled.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.65.
    func setExtendedScanEnable(
        _ command: LESetExtendedScanEnableCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended, by: c)
        guard command.enable else {
            c.scan = nil
            cancelTimer(.scanDuration, on: c)
            return EmptyReturnParameters()
        }
        guard command.filterDuplicates <= 0x02 else { throw .invalidCommandParameters }
        try startScanning(
            .extended, parameters: c.extendedScanParameters, filterDuplicates: command.filterDuplicates != 0, c)
        if command.duration > 0 {
            schedule(.scanDuration, on: c, after: .milliseconds(Int64(command.duration) * 10))
        } else {
            cancelTimer(.scanDuration, on: c)
        }
        return EmptyReturnParameters()
    }

    private func startScanning(
        _ family: CommandFamily, parameters: ScanParameters, filterDuplicates: Bool, _ c: ControllerState
    ) throws(ControllerError) {
        if parameters.type == .active, c.ownAddress(parameters.ownAddressType) == nil {
            throw .invalidCommandParameters
        }
        var scan = ScanState(family: family, parameters: parameters, filterDuplicates: filterDuplicates)
        guard timing == .timed else {
            c.scan = scan
            return sweepAdvertisers(for: c)
        }
        scan.listening = ScanWindow(start: now, interval: parameters.interval, window: parameters.window)
        c.scan = scan
    }

    func scanTimedOut(_ c: ControllerState) {
        guard c.scan != nil else { return }
        c.scan = nil
        emit(LEScanTimeoutEvent(), to: c)
    }
}
