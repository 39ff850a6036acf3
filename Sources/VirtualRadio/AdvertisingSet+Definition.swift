import HCI

/// The rules of the commands that define an advertising set: what each parameter may be and what the set
/// becomes. They need nothing from the air; the ``Air`` checks the controller's state (enabled sets, free
/// slots) and stores the result.
extension AdvertisingSet {
    /// Makes this legacy advertising what LE Set Advertising Parameters asks for.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.5.
    mutating func define(by command: LESetAdvertisingParametersCommand, txPower: Int8) throws(ControllerError) {
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
        self.properties = properties
        intervalMin = UInt32(command.advertisingIntervalMin)
        ownAddressType = command.ownAddressType
        peer = DeviceAddress(type: command.peerAddressType, address: command.peerAddress)
        filterPolicy = command.advertisingFilterPolicy
        channelMap = command.advertisingChannelMap
        self.txPower = txPower
    }

    /// The extended set LE Set Extended Advertising Parameters asks for, from the set it replaces if any.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.53.
    static func defined(
        by command: LESetExtendedAdvertisingParametersCommand, existing: AdvertisingSet?, txPower: Int8
    ) throws(ControllerError) -> AdvertisingSet {
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
        set.txPower = txPower
        set.primaryPHY = command.primaryAdvertisingPHY
        set.secondaryPHY = command.secondaryAdvertisingPHY
        set.sid = command.advertisingSID
        set.scanRequestNotification = command.scanRequestNotificationEnable
        return set
    }

    /// Takes one fragment of LE Set Extended Advertising Data or LE Set Extended Scan Response Data, which share
    /// their rules: data being assembled stays pending until its last fragment.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.54 and 7.8.55.
    mutating func take(
        _ fragment: ExtendedAdvertisingDataFragment, scanResponse: Bool, maximumLength: Int
    ) throws(ControllerError) {
        let (operation, data) = (fragment.operation, fragment.data)
        guard operation <= 0x04 else { throw .invalidCommandParameters }
        if isLegacy {
            guard operation == 0x03, data.count <= 31 else { throw .invalidCommandParameters }
        }
        if scanResponse, !isScannable, !data.isEmpty { throw .invalidCommandParameters }
        if !scanResponse, !isLegacy, isScannable, !data.isEmpty { throw .invalidCommandParameters }
        if enabled, operation != 0x03, operation != 0x04 { throw .commandDisallowed }
        var pending = scanResponse ? pendingScanResponseData : pendingData
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
        guard length <= maximumLength else { throw .memoryCapacityExceeded }
        if scanResponse {
            pendingScanResponseData = pending
            if let committed { scanResponseData = committed }
        } else {
            pendingData = pending
            if let committed { self.data = committed }
        }
    }
}
