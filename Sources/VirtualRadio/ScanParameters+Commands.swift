import HCI

/// The rules of the scan parameter commands: what each parameter may be, checked before the ``Air`` stores them.
extension ScanParameters {
    /// The parameters LE Set Scan Parameters asks for.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.10.
    init(_ command: LESetScanParametersCommand) throws(ControllerError) {
        guard command.scanType.rawValue <= 0x01, (0x0004...0x4000).contains(command.scanInterval),
            (0x0004...0x4000).contains(command.scanWindow), command.scanWindow <= command.scanInterval,
            command.ownAddressType.rawValue <= 0x03, command.scanningFilterPolicy <= 0x03
        else { throw .invalidCommandParameters }
        self.init(
            type: command.scanType, ownAddressType: command.ownAddressType,
            filterPolicy: command.scanningFilterPolicy, interval: command.scanInterval, window: command.scanWindow)
    }

    /// The parameters LE Set Extended Scan Parameters asks for; the LE 1M entry is the one scanned with.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.64.
    init(_ command: LESetExtendedScanParametersCommand) throws(ControllerError) {
        let allowed: PHYMask = [.le1M, .leCoded]
        guard !command.scanningPHYs.isEmpty, command.scanningPHYs.isSubset(of: allowed),
            command.ownAddressType.rawValue <= 0x03, command.scanningFilterPolicy <= 0x03
        else { throw .invalidCommandParameters }
        guard command.scanningPHYs.contains(.le1M), let first = command.phys.first else {
            throw .unsupportedFeatureOrParameterValue
        }
        for entry in command.phys {
            guard entry.scanType.rawValue <= 0x01, entry.scanInterval >= 0x0004, entry.scanWindow >= 0x0004,
                entry.scanWindow <= entry.scanInterval
            else { throw .invalidCommandParameters }
        }
        self.init(
            type: first.scanType, ownAddressType: command.ownAddressType, filterPolicy: command.scanningFilterPolicy,
            interval: first.scanInterval, window: first.scanWindow)
    }
}
