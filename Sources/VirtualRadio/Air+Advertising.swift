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
        guard let properties = AdvertisingSet.legacyProperties(for: command.advertisingType) else {
            throw .invalidCommandParameters
        }
        if !properties.contains(.highDutyCycleDirected) {
            guard (0x0020...0x4000).contains(command.advertisingIntervalMin),
                (0x0020...0x4000).contains(command.advertisingIntervalMax),
                command.advertisingIntervalMin <= command.advertisingIntervalMax
            else { throw .invalidCommandParameters }
        }
        guard command.ownAddressType.rawValue <= 0x03, command.advertisingFilterPolicy <= 0x03,
            (0x01...0x07).contains(command.advertisingChannelMap)
        else { throw .invalidCommandParameters }
        if properties.contains(.directed), command.peerAddressType.rawValue > 0x01 {
            throw .invalidCommandParameters
        }
        set.properties = properties
        set.intervalMin = UInt32(command.advertisingIntervalMin)
        set.ownAddressType = command.ownAddressType
        set.peer = DeviceAddress(type: command.peerAddressType, address: command.peerAddress)
        set.filterPolicy = command.advertisingFilterPolicy
        set.channelMap = command.advertisingChannelMap
        set.txPower = c.configuration.txPower
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
        let properties = command.advertisingEventProperties
        if properties.contains(.legacy) {
            guard AdvertisingSet.validLegacyProperties.contains(properties.rawValue) else {
                throw .invalidCommandParameters
            }
            if let existing, existing.data.count > 31 || existing.scanResponseData.count > 31 {
                throw .invalidCommandParameters
            }
        } else {
            let connectableAndScannable = properties.isSuperset(of: [.connectable, .scannable])
            let anonymousConnectable = properties.isSuperset(of: [.anonymous, .connectable])
            let highDutyExtended = properties.contains(.highDutyCycleDirected)
            guard !connectableAndScannable, !anonymousConnectable, !highDutyExtended else {
                throw .invalidCommandParameters
            }
        }
        if !properties.contains(.highDutyCycleDirected) {
            guard command.primaryAdvertisingIntervalMin >= 0x20,
                command.primaryAdvertisingIntervalMin <= command.primaryAdvertisingIntervalMax
            else { throw .invalidCommandParameters }
        }
        guard command.ownAddressType.rawValue <= 0x03, command.advertisingFilterPolicy <= 0x03,
            (0x01...0x07).contains(command.primaryAdvertisingChannelMap), command.advertisingSID <= 0x0F
        else { throw .invalidCommandParameters }
        switch command.primaryAdvertisingPHY {
        case .le1M: break
        case .leCoded: throw .unsupportedFeatureOrParameterValue
        default: throw .invalidCommandParameters
        }
        switch command.secondaryAdvertisingPHY {
        case .le1M, .le2M: break
        case .leCoded: throw .unsupportedFeatureOrParameterValue
        default: throw .invalidCommandParameters
        }
        var set =
            existing
            ?? AdvertisingSet(
                properties: properties, intervalMin: 0, ownAddressType: .public,
                peer: DeviceAddress(type: .public, address: .zero), filterPolicy: 0, txPower: 0, primaryPHY: .le1M,
                secondaryPHY: .le1M, sid: 0, scanRequestNotification: false)
        set.properties = properties
        set.intervalMin = command.primaryAdvertisingIntervalMin
        set.ownAddressType = command.ownAddressType
        set.peer = DeviceAddress(type: command.peerAddressType, address: command.peerAddress)
        set.filterPolicy = command.advertisingFilterPolicy
        set.channelMap = command.primaryAdvertisingChannelMap
        set.txPower = c.configuration.txPower
        set.primaryPHY = command.primaryAdvertisingPHY
        set.secondaryPHY = command.secondaryAdvertisingPHY
        set.sid = command.advertisingSID
        set.scanRequestNotification = command.scanRequestNotificationEnable
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
        let (operation, data) = (fragment.operation, fragment.data)
        let key = AdvertisingSetKey.extended(fragment.advertisingHandle)
        guard var set = c.advertisingSets[key] else { throw .unknownAdvertisingIdentifier }
        guard operation <= 0x04 else { throw .invalidCommandParameters }
        if set.isLegacy {
            guard operation == 0x03, data.count <= 31 else { throw .invalidCommandParameters }
        }
        if scanResponse, !set.isScannable, !data.isEmpty { throw .invalidCommandParameters }
        if !scanResponse, !set.isLegacy, set.isScannable, !data.isEmpty { throw .invalidCommandParameters }
        if set.enabled, operation != 0x03, operation != 0x04 { throw .commandDisallowed }
        var pending = scanResponse ? set.pendingScanResponseData : set.pendingData
        var committed: [UInt8]?
        switch operation {
        case 0x00:
            guard let partial = pending else { throw .commandDisallowed }
            pending = partial + data
        case 0x01:
            pending = data
        case 0x02:
            guard let partial = pending else { throw .commandDisallowed }
            committed = partial + data
            pending = nil
        case 0x03:
            committed = data
            pending = nil
        default:
            guard data.isEmpty, !scanResponse else { throw .invalidCommandParameters }
        }
        let length = (committed ?? pending ?? []).count
        guard length <= Int(c.configuration.maximumAdvertisingDataLength) else { throw .memoryCapacityExceeded }
        if scanResponse {
            set.pendingScanResponseData = pending
            if let committed { set.scanResponseData = committed }
        } else {
            set.pendingData = pending
            if let committed { set.data = committed }
        }
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
