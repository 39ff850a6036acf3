import HCI
import Host

/// Scans for, connects to and manages remote peripherals, as a GATT client, on a host stack of its own.
///
/// All of its state is confined to its delegate queue (the main queue when none is given): every delegate call
/// arrives there, and the app calls its methods there. It is `@unchecked Sendable` only so that host-stack
/// tasks can hand their results back to that queue.
open class CBCentralManager: CBManager, @unchecked Sendable {
    /// The optional features `supports(_:)` answers about.
    public typealias Feature = CBCentralManagerFeature

    /// The object told of state changes, discoveries and connections; held weakly.
    open weak var delegate: (any CBCentralManagerDelegate)?

    /// Whether the manager is scanning; true from `scanForPeripherals(withServices:options:)` until `stopScan()`.
    open internal(set) var isScanning = false

    let queue: DispatchQueue
    var host: BluetoothHost?
    /// The stack the manager runs on, chosen when it is made: our host stack, or bluetoothd (`bluez` transports).
    var backend: any CentralBackend = HostCentralBackend(manager: nil)
    var peripherals = PeripheralRegistry()
    var linked: [ConnectionHandle: CBPeripheral] = [:]
    var scan: ScanSession?
    var connectionEventOptions: [CBConnectionEventMatchingOption: Any]?
    var restoration: RestorationStore<CentralRestorationState>?
    var savedState: CentralRestorationState?
    let scanWorker = SerialWorker()
    let connectWorker = SerialWorker()

    /// Makes a manager that calls no delegate, on the main queue.
    public override init() {
        queue = .main
        super.init()
        backend = startCentralBackend(for: self, options: nil)
    }

    /// Makes a manager that calls `delegate` on `queue` (the main queue when nil).
    public convenience init(delegate: (any CBCentralManagerDelegate)?, queue: DispatchQueue?) {
        self.init(delegate: delegate, queue: queue, options: nil)
    }

    /// Makes a manager that calls `delegate` on `queue` (the main queue when nil), and starts its host stack on
    /// the transport `CBManagerOptionTransportKey` or `BLUETOOTH_TRANSPORT` names (the process's virtual air by
    /// default); `centralManagerDidUpdateState(_:)` follows, `.poweredOn` once the host is up.
    ///
    /// With ``CBCentralManagerOptionRestoreIdentifierKey``, what the last manager with that identifier was doing
    /// arrives first in `centralManager(_:willRestoreState:)`.
    public init(delegate: (any CBCentralManagerDelegate)?, queue: DispatchQueue?, options: [String: Any]? = nil) {
        self.delegate = delegate
        self.queue = queue ?? .main
        if let identifier = options?[CBCentralManagerOptionRestoreIdentifierKey] as? String {
            let store = RestorationStore<CentralRestorationState>(
                identifier: identifier, role: .central,
                directory: options?[CBManagerOptionRestoreDirectoryKey] as? String)
            restoration = store
            savedState = store.load()
        }
        super.init()
        backend = startCentralBackend(for: self, options: options)
    }

    deinit {
        backend.close()
    }

    /// The manager as Apple describes it: `<CBCentralManager: 0x…>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription)>"
    }

    /// Whether the platform supports every feature in `features`; this host scans and connects with legacy
    /// commands only.
    @discardableResult
    open class func supports(_ features: Feature) -> Bool {
        features.isEmpty
    }

    /// The peripherals with the given identifiers: the ones this manager knows, and ones another manager or
    /// process saw (identifiers name the device's address); any other identifier is left out.
    @discardableResult
    open func retrievePeripherals(withIdentifiers identifiers: [UUID]) -> [CBPeripheral] {
        guard isPoweredOn("retrievePeripherals") else { return [] }
        return identifiers.compactMap { identifier in
            if let known = peripherals[identifier] { return known }
            guard let (address, type) = PeripheralIdentifier.address(of: identifier) else { return nil }
            return peripheral(address: address, type: type)
        }
    }

    /// The connected peripherals with a discovered service of one of the given UUIDs.
    @discardableResult
    open func retrieveConnectedPeripherals(withServices serviceUUIDs: [CBUUID]) -> [CBPeripheral] {
        guard isPoweredOn("retrieveConnectedPeripherals") else { return [] }
        let wanted = Set(serviceUUIDs.map(\.bluetoothUUID))
        return peripherals.live.filter { peripheral in
            peripheral.state == .connected
                && (peripheral.services ?? []).contains { wanted.contains($0.uuid.bluetoothUUID) }
        }.sorted { $0.identifier.uuidString < $1.identifier.uuidString }
    }

    /// Scans for peripherals advertising any of `serviceUUIDs` (every peripheral when nil or empty); each is
    /// reported to `centralManager(_:didDiscover:advertisementData:rssi:)` with its scan response merged in.
    /// Scanning again replaces the services and options.
    ///
    /// Options: ``CBCentralManagerScanOptionAllowDuplicatesKey`` and
    /// ``CBCentralManagerScanOptionSolicitedServiceUUIDsKey``.
    open func scanForPeripherals(withServices serviceUUIDs: [CBUUID]?, options: [String: Any]? = nil) {
        backend.scan(services: serviceUUIDs, options: options)
    }

    /// Stops scanning; no discovery is reported after it returns.
    open func stopScan() {
        backend.stopScan()
    }

    /// Connects to a peripheral; the attempt never times out. `centralManager(_:didConnect:)` or
    /// `centralManager(_:didFailToConnect:error:)` follows.
    ///
    /// With ``CBConnectPeripheralOptionEnableAutoReconnect``, a link the app did not end is reconnected by the
    /// manager: the delegate hears the disconnection with `isReconnecting` true, then `didConnect` again.
    open func connect(_ peripheral: CBPeripheral, options: [String: Any]? = nil) {
        guard isPoweredOn("connect") else { return }
        guard peripherals[peripheral.identifier] === peripheral else {
            CoreBluetoothLog.warning("API MISUSE: \(peripheral) does not belong to \(self), ignoring connect")
            return
        }
        guard peripheral.state == .disconnected || peripheral.state == .disconnecting else { return }
        backend.connect(peripheral, options: options)
    }

    /// Starts a connection attempt to `peripheral`, which ends in ``attemptEnded(_:of:with:)``.
    func beginAttempt(to peripheral: CBPeripheral, on host: BluetoothHost) {
        let attempt = ConnectAttempt()
        peripheral.attempt = attempt
        peripheral.lostLink = nil
        peripheral.state = .connecting
        saveRestorationState()
        connectWorker.enqueue { [self] in
            // The scan calls the app made before (typically stopScan) reach the controller first, every time.
            await scanWorker.drain()
            let result: Result<HostLink, HostError>
            do throws(HostError) {
                result = .success(
                    try await host.connect(
                        to: peripheral.address, type: peripheral.addressType, unless: { attempt.isCancelled }))
            } catch {
                result = .failure(error)
            }
            queue.async { [self] in attemptEnded(attempt, of: peripheral, with: result) }
        }
    }

    /// Cancels a connection attempt or disconnects; `centralManager(_:didDisconnectPeripheral:error:)` follows
    /// with a nil error.
    open func cancelPeripheralConnection(_ peripheral: CBPeripheral) {
        backend.cancel(peripheral)
    }

    /// Carries out ``cancelPeripheralConnection(_:)`` on the host stack.
    func disconnectOnHost(_ peripheral: CBPeripheral) {
        guard let host = poweredOn("cancelPeripheralConnection") else { return }
        peripheral.reconnectsAutomatically = false
        switch peripheral.state {
        case .connecting:
            peripheral.state = .disconnecting
            peripheral.attempt?.cancel()
            let address = peripheral.address
            Task { await host.cancelConnect(to: address) }
        case .connected:
            peripheral.state = .disconnecting
            if let link = peripheral.link {
                Task {
                    do {
                        try await host.disconnect(link)
                    } catch {
                        CoreBluetoothLog.warning("disconnecting \(link) failed: \(error)")
                    }
                }
            }
        case .disconnected, .disconnecting:
            break
        }
        saveRestorationState()
    }

    /// Asks for `centralManager(_:connectionEventDidOccur:for:)` when a matching peripheral connects or
    /// disconnects; nil options match every peripheral.
    open func registerForConnectionEvents(options: [CBConnectionEventMatchingOption: Any]? = nil) {
        connectionEventOptions = options ?? [:]
    }

    /// The host, when the manager is powered on on one; otherwise logs that `command` was dropped, as Apple does.
    func poweredOn(_ command: String) -> BluetoothHost? {
        isPoweredOn(command) ? host : nil
    }

    /// Whether the manager is powered on, on a host or on bluetoothd; otherwise logs that `command` was dropped.
    func isPoweredOn(_ command: String) -> Bool {
        guard state == .poweredOn else {
            CoreBluetoothLog.warning(
                "API MISUSE: \(self) can only accept this command while in the powered on state (\(command))")
            return false
        }
        return true
    }

    /// The one peripheral object of the device at `address`.
    func peripheral(address: BluetoothAddress, type: AddressType) -> CBPeripheral {
        let identifier = PeripheralIdentifier.make(address: address, type: type)
        if let known = peripherals[identifier] { return known }
        let peripheral = CBPeripheral(address: address, type: type, manager: self, queue: queue)
        peripherals.insert(peripheral)
        return peripheral
    }

    override func update(to newState: CBManagerState) {
        super.update(to: newState)
        delegate?.centralManagerDidUpdateState(self)
    }

    /// The host stack is up: the manager is powered on, after restoring the state saved for it.
    func started(_ host: BluetoothHost) {
        self.host = host
        unavailabilityReason = nil
        if let saved = savedState {
            savedState = nil
            delegate?.centralManager(self, willRestoreState: restoredState(saved))
            saveRestorationState()
        }
        update(to: .poweredOn)
    }

    /// The host stack stopped: every scan and link ends, and the manager is powered off.
    func stopped() {
        host = nil
        isScanning = false
        scan = nil
        linked = [:]
        for peripheral in peripherals.live { peripheral.reset() }
        unavailable(because: "the controller went away")
    }

    /// No controller answers: the manager is powered off until one does, and tells its delegate when that is news.
    func unavailable(because reason: String) {
        if reason != unavailabilityReason {
            CoreBluetoothLog.warning("\(self) has no controller: \(reason)")
        }
        unavailabilityReason = reason
        guard state != .poweredOff else { return }
        update(to: .poweredOff)
    }
}
