import HCI

/// One virtual controller's link layer: what its host set (masks, addresses, lists, defaults), its advertising
/// sets, scanning and initiating, and its connection handles; owned by the ``Air`` and touched only on its
/// executor.
///
/// It answers the commands that concern only itself (``run(_:)``) and returns what the air must do for them as
/// ``ControllerAction``s; the air, the medium between controllers, runs the commands about links.
final class ControllerState {
    /// What the host set for data length and PHY on new connections.
    struct Defaults {
        var suggestedMaxTxOctets: UInt16 = 27
        var suggestedMaxTxTime: UInt16 = 328
        /// Bit 0: no preference for transmit PHY; bit 1: none for receive PHY (LE Set Default PHY).
        var allPHYs: UInt8 = 0x03
        var txPHYs: PHYMask = [.le1M, .le2M]
        var rxPHYs: PHYMask = [.le1M, .le2M]
    }

    /// A resolving list entry (LE Add Device To Resolving List).
    struct ResolvingListEntry {
        var peer: DeviceAddress
        var peerIRK: [UInt8]
        var localIRK: [UInt8]
    }

    let id: ControllerID
    let configuration: VirtualControllerConfiguration
    let queue: HostQueue
    private let listeners: Listeners
    var position: Position
    var masks = EventMasks()
    var randomAddress: BluetoothAddress?
    var leHostSupported = false
    /// Which advertising command family the host has used since reset, if any.
    var family: CommandFamily?
    var advertisingSets: [AdvertisingSetKey: AdvertisingSet] = [.legacy: .legacyDefault]
    var legacyScanParameters = ScanParameters()
    var extendedScanParameters = ScanParameters()
    var scan: ScanState? {
        didSet { if (oldValue == nil) != (scan == nil) { listeners.setScanning(id, scan != nil) } }
    }
    var initiator: Initiator? {
        didSet { if (oldValue == nil) != (initiator == nil) { listeners.setInitiating(id, initiator != nil) } }
    }
    var filterAcceptList: [DeviceAddress] = []
    var resolvingList: [ResolvingListEntry] = []
    var addressResolutionEnabled = false
    var defaults = Defaults()
    /// The link behind each of this controller's connection handles, in handle order.
    @exclusivity(unchecked) var handles = LinkTable<Link>()
    private var nextHandle: UInt16 = 0x0001
    /// Host ACL packets taken into the controller's buffers and not yet reported completed.
    @exclusivity(unchecked) var aclPacketsInFlight = 0
    /// Delivered packets of the host's not yet reported to it, while the controller holds reports back.
    var unreported = UnreportedCompletions()
    /// ACL data for this controller's host that crossed an untimed air and waits for room in the host's queue,
    /// in the order it crossed.
    @exclusivity(unchecked) var heldACL: [HeldACL] = []
    /// The token of each armed timer in the air's deadline queue; a queue entry with another token is stale.
    var timers: [TimerKey: UInt64] = [:]
    /// What the command being run asks of the air, handed over when it has been answered.
    var requested: [ControllerAction] = []

    /// What a timer of this controller is for.
    enum TimerKey: Hashable {
        case advertising(AdvertisingSetKey)
        case advertisingDuration(AdvertisingSetKey)
        case scanDuration
        /// The end of the time a Number Of Completed Packets report may be held back.
        case completedPackets
    }

    init(id: ControllerID, configuration: VirtualControllerConfiguration, queue: HostQueue, listeners: Listeners) {
        self.id = id
        self.configuration = configuration
        self.queue = queue
        self.listeners = listeners
        self.position = configuration.position
    }

    /// Forgets everything the host set, as HCI Reset does (the position on the air stays).
    func reset() {
        timers = [:]
        masks = EventMasks()
        randomAddress = nil
        leHostSupported = false
        family = nil
        advertisingSets = [.legacy: .legacyDefault]
        legacyScanParameters = ScanParameters()
        extendedScanParameters = ScanParameters()
        scan = nil
        initiator = nil
        filterAcceptList = []
        resolvingList = []
        addressResolutionEnabled = false
        defaults = Defaults()
        handles = LinkTable()
        nextHandle = 0x0001
        aclPacketsInFlight = 0
        heldACL = []
        unreported = UnreportedCompletions()
    }

    /// Cancels a timer: the air's queue entry for it goes stale.
    func cancelTimer(_ key: TimerKey) {
        timers[key] = nil
    }

    /// The next free connection handle.
    func allocateHandle() -> ConnectionHandle {
        while handles[ConnectionHandle(rawValue: nextHandle)] != nil {
            nextHandle = nextHandle >= ConnectionHandle.maximum ? 0x0001 : nextHandle + 1
        }
        let handle = ConnectionHandle(rawValue: nextHandle)
        nextHandle = nextHandle >= ConnectionHandle.maximum ? 0x0001 : nextHandle + 1
        return handle
    }

    /// The address this controller scans or initiates from for an own-address type, if it has one.
    ///
    /// Types 0x02 and 0x03 give the identity (public or random) address; the callers that send a resolvable
    /// private address instead make it from the resolving list.
    func ownAddress(_ type: AddressType) -> DeviceAddress? {
        if type.isRandom {
            guard let randomAddress else { return nil }
            return DeviceAddress(type: .random, address: randomAddress)
        }
        return DeviceAddress(type: .public, address: configuration.publicAddress)
    }

    /// The address an advertising set advertises from: its resolvable private address when it has one, else
    /// the controller's random address (legacy) or the set's (extended), or the public address; nil when
    /// anonymous or when the random address is missing.
    func advertiserAddress(_ key: AdvertisingSetKey) -> DeviceAddress? {
        guard let set = advertisingSets[key], !set.isAnonymous else { return nil }
        if let address = set.resolvablePrivateAddress { return DeviceAddress(type: .random, address: address) }
        guard set.ownAddressType.isRandom else {
            return DeviceAddress(type: .public, address: configuration.publicAddress)
        }
        let address = key == .legacy ? randomAddress : set.randomAddress
        return address.map { DeviceAddress(type: .random, address: $0) }
    }

    /// A device as this controller knows it: its identity when its address resolves against the resolving
    /// list (address resolution on), with the resolvable private address it used.
    struct Resolved {
        var identity: DeviceAddress
        var resolvablePrivateAddress: BluetoothAddress?
    }

    /// Resolves an address seen on the air against the resolving list's peer IRKs.
    ///
    /// Bluetooth Core Specification Vol 6, Part B, 6.3.
    func resolve(_ address: DeviceAddress) -> Resolved {
        guard addressResolutionEnabled, address.type.isRandom, address.address.isResolvablePrivate,
            let entry = resolvingList.first(where: {
                ResolvablePrivateAddress.resolves(address.address, with: $0.peerIRK)
            })
        else { return Resolved(identity: address) }
        let type: AddressType = entry.peer.type.isRandom ? .randomIdentity : .publicIdentity
        return Resolved(
            identity: DeviceAddress(type: type, address: entry.peer.address), resolvablePrivateAddress: address.address)
    }

    /// The local IRK the resolving list gives for talking to a peer identity, if it has a non-zero one.
    func localIRK(toward peer: DeviceAddress) -> [UInt8]? {
        resolvingList.first { $0.peer.matches(peer) && $0.localIRK.contains { $0 != 0 } }?.localIRK
    }

    /// Whether a device is on the filter accept list.
    func accepts(_ device: DeviceAddress) -> Bool {
        filterAcceptList.contains { $0.matches(device) }
    }

    var isAdvertising: Bool { advertisingSets.values.contains { $0.enabled } }
    var connectionCount: Int { handles.count }
}
