import HCI

/// Handlers for the legacy and extended advertising commands.
extension ControllerState {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.5.
    func setAdvertisingParameters(
        _ command: LESetAdvertisingParametersCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.legacy)
        var set = advertisingSets[.legacy] ?? .legacyDefault
        guard !set.enabled else { throw .commandDisallowed }
        try set.define(by: command, txPower: configuration.txPower)
        try checkOwnAddressType(command.ownAddressType)
        advertisingSets[.legacy] = set
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.9.
    func setAdvertisingEnable(
        _ command: LESetAdvertisingEnableCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.legacy)
        let set = advertisingSets[.legacy] ?? .legacyDefault
        guard command.enable else {
            stopAdvertising(.legacy)
            return EmptyReturnParameters()
        }
        guard !set.enabled else { return EmptyReturnParameters() }
        guard ownAddress(set.ownAddressType) != nil else { throw .invalidCommandParameters }
        if set.isConnectable, connectionCount >= configuration.maximumConnections {
            throw .connectionLimitExceeded
        }
        requested.append(.startAdvertising(.legacy))
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.52.
    func setAdvertisingSetRandomAddress(
        _ command: LESetAdvertisingSetRandomAddressCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended)
        let key = AdvertisingSetKey.extended(command.advertisingHandle)
        guard advertisingSets[key] != nil else { throw .unknownAdvertisingIdentifier }
        advertisingSets[key]?.randomAddress = command.randomAddress
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.53.
    func setExtendedAdvertisingParameters(
        _ command: LESetExtendedAdvertisingParametersCommand
    )
        throws(ControllerError) -> LESetExtendedAdvertisingParametersCommand.ReturnParameters
    {
        try claim(.extended)
        guard command.advertisingHandle <= 0xEF else { throw .invalidCommandParameters }
        let key = AdvertisingSetKey.extended(command.advertisingHandle)
        let existing = advertisingSets[key]
        if let existing, existing.enabled { throw .commandDisallowed }
        if existing == nil {
            let count = advertisingSets.keys.filter { $0 != .legacy }.count
            guard count < Int(configuration.advertisingSets) else { throw .memoryCapacityExceeded }
        }
        let set = try AdvertisingSet.defined(by: command, existing: existing, txPower: configuration.txPower)
        advertisingSets[key] = set
        return .init(selectedTxPower: set.txPower)
    }

    /// LE Set Extended Advertising Data and LE Set Extended Scan Response Data, which share their rules.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.54 and 7.8.55.
    func setExtendedData(
        _ fragment: ExtendedAdvertisingDataFragment, scanResponse: Bool
    ) throws(ControllerError) -> EmptyReturnParameters {
        try claim(.extended)
        let key = AdvertisingSetKey.extended(fragment.advertisingHandle)
        guard var set = advertisingSets[key] else { throw .unknownAdvertisingIdentifier }
        try set.take(
            fragment, scanResponse: scanResponse, maximumLength: Int(configuration.maximumAdvertisingDataLength))
        advertisingSets[key] = set
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.56.
    func setExtendedAdvertisingEnable(
        _ command: LESetExtendedAdvertisingEnableCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended)
        if !command.enable, command.sets.isEmpty {
            for key in advertisingSets.keys.sorted() where key != .legacy {
                stopAdvertising(key)
            }
            return EmptyReturnParameters()
        }
        guard !command.sets.isEmpty else { throw .invalidCommandParameters }
        let handles = command.sets.map(\.advertisingHandle)
        guard Set(handles).count == handles.count else { throw .invalidCommandParameters }
        for entry in command.sets {
            guard let set = advertisingSets[.extended(entry.advertisingHandle)] else {
                throw .unknownAdvertisingIdentifier
            }
            guard command.enable else { continue }
            if set.ownAddressType.isRandom, set.randomAddress == nil { throw .invalidCommandParameters }
            if set.isConnectable, connectionCount >= configuration.maximumConnections {
                throw .connectionLimitExceeded
            }
            if !set.isLegacy, set.isScannable, set.scanResponseData.isEmpty { throw .commandDisallowed }
        }
        for entry in command.sets {
            let key = AdvertisingSetKey.extended(entry.advertisingHandle)
            guard command.enable else {
                stopAdvertising(key)
                continue
            }
            advertisingSets[key]?.duration = entry.duration
            advertisingSets[key]?.maxEvents = entry.maxExtendedAdvertisingEvents
            requested.append(.startAdvertising(key))
        }
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.59.
    func removeAdvertisingSet(
        _ command: LERemoveAdvertisingSetCommand
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended)
        let key = AdvertisingSetKey.extended(command.advertisingHandle)
        guard let set = advertisingSets[key] else { throw .unknownAdvertisingIdentifier }
        guard !set.enabled else { throw .commandDisallowed }
        advertisingSets[key] = nil
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.60.
    func clearAdvertisingSets() throws(ControllerError) -> EmptyReturnParameters {
        try claim(.extended)
        guard !advertisingSets.contains(where: { $0.key != .legacy && $0.value.enabled }) else {
            throw .commandDisallowed
        }
        advertisingSets = advertisingSets.filter { $0.key == .legacy }
        return EmptyReturnParameters()
    }
    /// Disables an advertising set (no event; the host asked, or a connection or timeout ended it).
    func stopAdvertising(_ key: AdvertisingSetKey) {
        guard advertisingSets[key]?.enabled == true else { return }
        advertisingSets[key]?.enabled = false
        cancelTimer(.advertising(key))
        cancelTimer(.advertisingDuration(key))
    }
}

extension AdvertisingSetKey: Comparable {
    static func < (lhs: AdvertisingSetKey, rhs: AdvertisingSetKey) -> Bool {
        switch (lhs, rhs) {
        case (.legacy, .legacy): false
        case (.legacy, .extended): true
        case (.extended, .legacy): false
        case (.extended(let a), .extended(let b)): a < b
        }
    }
}
