import HCI

/// Handlers for the legacy and extended advertising commands.
extension Air {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.5.
    func setAdvertisingParameters(
        _ command: LESetAdvertisingParametersCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.legacy, by: c)
        var set = c.advertisingSets[.legacy] ?? .legacyDefault
        guard !set.enabled else { throw .commandDisallowed }
        try set.define(by: command, txPower: c.configuration.txPower)
        try checkOwnAddressType(command.ownAddressType, c)
        c.advertisingSets[.legacy] = set
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.9.
    func setAdvertisingEnable(
        _ command: LESetAdvertisingEnableCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.legacy, by: c)
        let set = c.advertisingSets[.legacy] ?? .legacyDefault
        guard command.enable else {
            stopAdvertising(.legacy, on: c)
            return EmptyReturnParameters()
        }
        guard !set.enabled else { return EmptyReturnParameters() }
        guard c.ownAddress(set.ownAddressType) != nil else { throw .invalidCommandParameters }
        if set.isConnectable, c.connectionCount >= c.configuration.maximumConnections {
            throw .connectionLimitExceeded
        }
        startAdvertising(.legacy, on: c)
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.52.
    func setAdvertisingSetRandomAddress(
        _ command: LESetAdvertisingSetRandomAddressCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended, by: c)
        let key = AdvertisingSetKey.extended(command.advertisingHandle)
        guard c.advertisingSets[key] != nil else { throw .unknownAdvertisingIdentifier }
        c.advertisingSets[key]?.randomAddress = command.randomAddress
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.53.
    func setExtendedAdvertisingParameters(
        _ command: LESetExtendedAdvertisingParametersCommand, _ c: ControllerState
    )
        throws(ControllerError) -> LESetExtendedAdvertisingParametersCommand.ReturnParameters
    {
        try claim(.extended, by: c)
        guard command.advertisingHandle <= 0xEF else { throw .invalidCommandParameters }
        let key = AdvertisingSetKey.extended(command.advertisingHandle)
        let existing = c.advertisingSets[key]
        if let existing, existing.enabled { throw .commandDisallowed }
        if existing == nil {
            let count = c.advertisingSets.keys.filter { $0 != .legacy }.count
            guard count < Int(c.configuration.advertisingSets) else { throw .memoryCapacityExceeded }
        }
        let set = try AdvertisingSet.defined(by: command, existing: existing, txPower: c.configuration.txPower)
        c.advertisingSets[key] = set
        return .init(selectedTxPower: set.txPower)
    }

    /// LE Set Extended Advertising Data and LE Set Extended Scan Response Data, which share their rules.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.54 and 7.8.55.
    func setExtendedData(
        _ fragment: ExtendedAdvertisingDataFragment, scanResponse: Bool, _ c: ControllerState
    ) throws(ControllerError) -> EmptyReturnParameters {
        try claim(.extended, by: c)
        let key = AdvertisingSetKey.extended(fragment.advertisingHandle)
        guard var set = c.advertisingSets[key] else { throw .unknownAdvertisingIdentifier }
        try set.take(
            fragment, scanResponse: scanResponse, maximumLength: Int(c.configuration.maximumAdvertisingDataLength))
        c.advertisingSets[key] = set
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.56.
    func setExtendedAdvertisingEnable(
        _ command: LESetExtendedAdvertisingEnableCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended, by: c)
        if !command.enable, command.sets.isEmpty {
            for key in c.advertisingSets.keys.sorted() where key != .legacy {
                stopAdvertising(key, on: c)
            }
            return EmptyReturnParameters()
        }
        guard !command.sets.isEmpty else { throw .invalidCommandParameters }
        let handles = command.sets.map(\.advertisingHandle)
        guard Set(handles).count == handles.count else { throw .invalidCommandParameters }
        for entry in command.sets {
            guard let set = c.advertisingSets[.extended(entry.advertisingHandle)] else {
                throw .unknownAdvertisingIdentifier
            }
            guard command.enable else { continue }
            if set.ownAddressType.isRandom, set.randomAddress == nil { throw .invalidCommandParameters }
            if set.isConnectable, c.connectionCount >= c.configuration.maximumConnections {
                throw .connectionLimitExceeded
            }
            if !set.isLegacy, set.isScannable, set.scanResponseData.isEmpty { throw .commandDisallowed }
        }
        for entry in command.sets {
            let key = AdvertisingSetKey.extended(entry.advertisingHandle)
            guard command.enable else {
                stopAdvertising(key, on: c)
                continue
            }
            c.advertisingSets[key]?.duration = entry.duration
            c.advertisingSets[key]?.maxEvents = entry.maxExtendedAdvertisingEvents
            startAdvertising(key, on: c)
        }
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.59.
    func removeAdvertisingSet(
        _ command: LERemoveAdvertisingSetCommand, _ c: ControllerState
    )
        throws(ControllerError) -> EmptyReturnParameters
    {
        try claim(.extended, by: c)
        let key = AdvertisingSetKey.extended(command.advertisingHandle)
        guard let set = c.advertisingSets[key] else { throw .unknownAdvertisingIdentifier }
        guard !set.enabled else { throw .commandDisallowed }
        c.advertisingSets[key] = nil
        return EmptyReturnParameters()
    }

    /// Bluetooth Core Specification Vol 4, Part E, 7.8.60.
    func clearAdvertisingSets(_ c: ControllerState) throws(ControllerError) -> EmptyReturnParameters {
        try claim(.extended, by: c)
        guard !c.advertisingSets.contains(where: { $0.key != .legacy && $0.value.enabled }) else {
            throw .commandDisallowed
        }
        c.advertisingSets = c.advertisingSets.filter { $0.key == .legacy }
        return EmptyReturnParameters()
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
