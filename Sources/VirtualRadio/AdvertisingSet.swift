import HCI

/// Which advertising a controller runs: its legacy advertising, or one of its extended advertising sets.
enum AdvertisingSetKey: Hashable, Sendable {
    case legacy
    case extended(UInt8)
}

/// One advertising set's parameters, data and progress; legacy advertising is the set keyed `.legacy`.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.5-7.8.9 and 7.8.53-7.8.56.
struct AdvertisingSet {
    var properties: AdvertisingEventProperties
    /// Shortest advertising interval, in units of 0.625 ms.
    var intervalMin: UInt32
    var ownAddressType: AddressType
    /// The target of directed advertising.
    var peer: DeviceAddress
    /// 0: anyone may scan and connect; 1: scan requests only from the filter accept list; 2: connect requests
    /// only from it; 3: both only from it.
    var filterPolicy: UInt8
    var txPower: Int8
    var primaryPHY: PHY
    var secondaryPHY: PHY
    var sid: UInt8
    var scanRequestNotification: Bool
    /// The primary channels it advertises on: bit 0 for 37, bit 1 for 38, bit 2 for 39.
    var channelMap: UInt8 = 0x07
    /// The set's own random address (extended sets only; legacy advertising uses the controller's).
    var randomAddress: BluetoothAddress?
    /// The resolvable private address made when advertising was enabled (own address type 0x02 or 0x03 with a
    /// resolving list entry for the peer).
    var resolvablePrivateAddress: BluetoothAddress?
    var data: [UInt8] = []
    var scanResponseData: [UInt8] = []
    /// Data being assembled from fragments (operations first/intermediate), not yet advertised.
    var pendingData: [UInt8]?
    var pendingScanResponseData: [UInt8]?
    var enabled = false
    /// Advertising duration in units of 10 ms (0: until disabled).
    var duration: UInt16 = 0
    /// Advertising events after which the set stops (0: no limit).
    var maxEvents: UInt8 = 0
    var eventsSent = 0

    /// Legacy advertising as a controller starts: ADV_IND every 1.28 s from the public address.
    static let legacyDefault = AdvertisingSet(
        properties: AdvertisingSet.legacyProperties(for: .connectableUndirected) ?? [.legacy],
        intervalMin: 0x0800, ownAddressType: .public,
        peer: DeviceAddress(type: .public, address: .zero), filterPolicy: 0, txPower: 0,
        primaryPHY: .le1M, secondaryPHY: .le1M, sid: 0, scanRequestNotification: false)

    /// The legacy PDU properties of a legacy Advertising_Type, or nil for a reserved type.
    static func legacyProperties(for type: AdvertisingType) -> AdvertisingEventProperties? {
        switch type {
        case .connectableUndirected: [.legacy, .connectable, .scannable]
        case .connectableHighDutyDirected: [.legacy, .connectable, .directed, .highDutyCycleDirected]
        case .scannableUndirected: [.legacy, .scannable]
        case .nonConnectableUndirected: [.legacy]
        case .connectableLowDutyDirected: [.legacy, .connectable, .directed]
        default: nil
        }
    }

    /// The property combinations legacy PDUs allow (Vol 4, Part E, 7.8.53, table of legacy event types).
    static let validLegacyProperties: Set<UInt16> = [0x13, 0x15, 0x1D, 0x12, 0x10]

    /// The time between advertising events: 3.75 ms or less for high duty cycle directed advertising, else the
    /// shortest interval the host allowed (Vol 6, Part B, 4.4.2.2 and 4.4.2.4.3).
    var interval: Duration {
        isHighDutyDirected ? .microseconds(3750) : .microseconds(Int64(intervalMin) * 625)
    }

    var isLegacy: Bool { properties.contains(.legacy) }
    var isConnectable: Bool { properties.contains(.connectable) }
    var isScannable: Bool { properties.contains(.scannable) }
    var isDirected: Bool { properties.contains(.directed) }
    var isHighDutyDirected: Bool { isDirected && properties.contains(.highDutyCycleDirected) }
    var isAnonymous: Bool { properties.contains(.anonymous) }
}
