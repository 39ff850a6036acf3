import Dispatch
import Foundation
import HCI
import Host
import Synchronization

/// Publishes local services to remote centrals, advertises them, answers their reads and writes and notifies
/// their subscribers: the local device in the peripheral role, on its own host stack.
///
/// Delegate callbacks arrive on the queue given to the initializer (the main queue when nil), in the order the
/// events happened. The manager's mutable state lives on that queue: methods called elsewhere hop onto it
/// synchronously. Host calls are made in the order the app made them by one serial worker. That confinement is
/// what makes the class safe to share, hence `@unchecked Sendable`.
open class CBPeripheralManager: CBManager, @unchecked Sendable {
    /// One host call, run by the worker in the order it was submitted.
    typealias Operation = @Sendable (BluetoothHost) async -> Void

    /// The object told about the manager's events; held weakly.
    open var delegate: (any CBPeripheralManagerDelegate)? {
        get { confined { storedDelegate } }
        set { confined { storedDelegate = newValue } }
    }

    /// Whether the manager is advertising; true only once advertising has started, just before
    /// `peripheralManagerDidStartAdvertising(_:error:)`.
    open var isAdvertising: Bool {
        confined { advertising }
    }

    weak var storedDelegate: (any CBPeripheralManagerDelegate)?
    var advertising = false

    /// The queue every delegate callback runs on and the manager's state lives on.
    let queue: DispatchQueue
    let queueKey = DispatchSpecificKey<Bool>()
    let operations: AsyncStream<Operation>.Continuation

    var published: [ObjectIdentifier: PublishedService] = [:]
    var publishingOrder: [CBMutableService] = []
    var characteristicsByHandle: [AttributeHandle: CBMutableCharacteristic] = [:]
    var nextServiceNumber = 0
    var centralsByConnection: [ConnectionHandle: CBCentral] = [:]
    var centralsByIdentifier: [UUID: CBCentral] = [:]
    var pendingAnswers: [ObjectIdentifier: PendingAnswer] = [:]
    var readBatches: [GATTServerRequest.ID: ReadBatch] = [:]
    var advertisement: AdvertisementContent?
    /// The advertising under way when the controller went away, resumed when one comes.
    var pausedAdvertisement: AdvertisementContent?
    /// Whether advertising waits for a link to end: the controller holds no more links than it has (a one-link
    /// controller, or a full one), so resuming it after a connection was refused.
    var advertisingAwaitsFreeLink = false
    var updates = UpdateFlow(capacity: GATTServerConfiguration().transmitQueueCapacity)
    var channels = L2CAPChannelTable()
    var restoration: RestorationStore<PeripheralRestorationState>?
    var pendingRestoration: PeripheralRestorationState?
    /// The stack the manager runs on, chosen when it is made: our host stack, or bluetoothd (`bluez` transports).
    var backend: any PeripheralManagerBackend = HostPeripheralManagerBackend(manager: nil)

    /// The app's authorization to advertise; always authorized on Linux.
    @available(*, deprecated, message: "Use CBManagerAuthorization instead")
    @discardableResult
    open class func authorizationStatus() -> CBPeripheralManagerAuthorizationStatus {
        .authorized
    }

    /// Makes a manager with no delegate whose callbacks would run on the main queue.
    public override init() {
        queue = .main
        let (stream, continuation) = AsyncStream.makeStream(of: Operation.self)
        operations = continuation
        super.init()
        launch(stream, options: nil)
    }

    /// Makes a manager whose delegate callbacks run on `queue` (the main queue when nil).
    public convenience init(delegate: (any CBPeripheralManagerDelegate)?, queue: DispatchQueue?) {
        self.init(delegate: delegate, queue: queue, options: nil)
    }

    /// Makes a manager whose delegate callbacks run on `queue` (the main queue when nil).
    ///
    /// The host stack starts in the background on the transport `CBManagerOptionTransportKey` names, else
    /// `BLUETOOTH_TRANSPORT`, else a new controller on the process's virtual air; `state` is `.unknown` until
    /// `peripheralManagerDidUpdateState(_:)` reports the outcome.
    ///
    /// With ``CBPeripheralManagerOptionRestoreIdentifierKey``, the services the last manager with that identifier
    /// had published are published again and its advertising resumed, then reported first in
    /// `peripheralManager(_:willRestoreState:)`.
    public init(delegate: (any CBPeripheralManagerDelegate)?, queue: DispatchQueue?, options: [String: Any]? = nil) {
        storedDelegate = delegate
        self.queue = queue ?? .main
        let (stream, continuation) = AsyncStream.makeStream(of: Operation.self)
        operations = continuation
        super.init()
        launch(stream, options: options)
    }

    /// Marks the queue as the manager's and starts the worker that brings the host up and runs host calls.
    private func launch(_ stream: AsyncStream<Operation>, options: [String: Any]?) {
        queue.setSpecific(key: queueKey, value: true)
        if let adapter = BlueZTransport.adapter(options: options) {
            backend = BlueZPeripheralManagerBackend.start(for: self, adapter: adapter, options: options)
            return
        }
        backend = HostPeripheralManagerBackend(manager: self)
        openRestoration(options: options)
        let spec: Result<ManagerHost.Launch, TransportError>
        do {
            let launch = try ManagerHost.launch(options: options, pairingAgent: pairingAgentBridge(options: options))
            updates = UpdateFlow(capacity: launch.configuration.server.transmitQueueCapacity)
            spec = .success(launch)
        } catch {
            spec = .failure(error)
        }
        Task { [weak self, queue] in
            await Self.work(spec: spec, operations: stream, queue: queue) { [weak self] in self }
        }
    }

    deinit {
        operations.finish()
        backend.close()
    }

    /// Publishes a service and its characteristics; `peripheralManager(_:didAdd:error:)` follows.
    ///
    /// As Apple's, this stops the program when the service was added before, includes a service not yet added,
    /// holds a characteristic already published, or has a cached value that is not read-only. A service with the
    /// UUID of the GAP or GATT service is refused with `CBError.uuidNotAllowed`.
    open func add(_ service: CBMutableService) {
        backend.add(service)
    }

    /// Withdraws a published service; unknown services are ignored. Stops the program when another published
    /// service still includes it, as Apple's does.
    open func remove(_ service: CBMutableService) {
        backend.remove(service)
    }

    /// Withdraws every published service.
    open func removeAllServices() {
        backend.removeAll()
    }

    /// Answers a read or write request handed to the delegate; the first request of a write array answers the
    /// whole array, and answering any other request, or one already answered, does nothing.
    ///
    /// For a read, the app sets the request's `value` to the bytes from its `offset` on before answering
    /// `.success`.
    open func respond(to request: CBATTRequest, withResult result: CBATTError.Code) {
        backend.respond(to: request, withResult: result)
    }

    /// Advertises the local name and service UUIDs given (`CBAdvertisementDataLocalNameKey`,
    /// `CBAdvertisementDataServiceUUIDsKey`; other keys are ignored with a warning, as Apple's are);
    /// `peripheralManagerDidStartAdvertising(_:error:)` follows.
    ///
    /// Advertising goes on while centrals are connected, until ``stopAdvertising()``.
    open func startAdvertising(_ advertisementData: [String: Any]?) {
        backend.startAdvertising(advertisementData)
    }

    /// Stops advertising; no delegate callback follows.
    open func stopAdvertising() {
        backend.stopAdvertising()
    }

    /// Asks a connected central for connection intervals fit for `latency`; nothing reports the outcome.
    ///
    /// Low asks for 15–30 ms, medium for 30–60 ms, high for 60–120 ms, with no peripheral latency and a 6 s
    /// supervision timeout, within Apple's accessory design guidelines.
    open func setDesiredConnectionLatency(_ latency: CBPeripheralManagerConnectionLatency, for central: CBCentral) {
        backend.requestLatency(latency, for: central)
    }

    /// Sends a characteristic's new value to its subscribed centrals (`nil`: all of them), cut to each one's
    /// `maximumUpdateValueLength`.
    ///
    /// Updates are queued per central, in order, and sent as the link allows; an indication holds its place in
    /// the queue until the central confirms it, without holding back other characteristics' updates.
    ///
    /// - Returns: False, sending nothing, when the transmit queue of a central it goes to is full;
    ///   `peripheralManagerIsReady(toUpdateSubscribers:)` follows when that queue has room. True when queued, or
    ///   when no given central is subscribed. The characteristic's `value` does not change.
    @discardableResult
    open func updateValue(
        _ value: Data, for characteristic: CBMutableCharacteristic, onSubscribedCentrals centrals: [CBCentral]?
    ) -> Bool {
        backend.update(value, for: characteristic, onSubscribedCentrals: centrals)
    }

    /// Publishes an L2CAP channel service on a PSM the system picks; `peripheralManager(_:didPublishL2CAPChannel:error:)`
    /// follows with it, and centrals' channels to it arrive in `peripheralManager(_:didOpen:error:)`.
    ///
    /// With `encryptionRequired`, a central's channel request on a link that is not encrypted is refused with
    /// Insufficient Authentication, so that the central pairs first. Keep each channel handed to the delegate: it
    /// closes when released.
    open func publishL2CAPChannel(withEncryption encryptionRequired: Bool) {
        backend.publishL2CAPChannel(withEncryption: encryptionRequired)
    }

    /// Withdraws a published L2CAP channel service; `peripheralManager(_:didUnpublishL2CAPChannel:error:)` follows.
    /// Channels already open stay open. A PSM of 0 stops the program, as Apple's raises.
    open func unpublishL2CAPChannel(_ PSM: CBL2CAPPSM) {
        backend.unpublishL2CAPChannel(PSM)
    }

    /// Keeps a host up (``HostRecovery``), reports each one and forwards its events to the manager's queue, and
    /// runs every operation in order on the host of the moment; stops the host once the manager is gone.
    private static func work(
        spec: Result<ManagerHost.Launch, TransportError>, operations: AsyncStream<Operation>, queue: DispatchQueue,
        manager: @escaping @Sendable () -> CBPeripheralManager?
    ) async {
        let launch: ManagerHost.Launch
        switch spec {
        case .success(let value): launch = value
        case .failure(let error):
            return queue.async { manager()?.hostDidStop(reason: "\(error)", becoming: .unsupported) }
        }
        let current = Mutex<BluetoothHost?>(nil)
        let keeper = Task {
            await HostRecovery.keep(
                launch, wanted: { manager() != nil },
                unavailable: { error in queue.async { manager()?.hostDidStop(reason: "\(error)") } },
                run: { host in
                    current.withLock { $0 = host }
                    queue.async {
                        manager()?.channels.host = host
                        manager()?.hostDidStart()
                    }
                    await HostRecovery.events(
                        of: host, { event in queue.async { manager()?.handle(event) } },
                        ended: { queue.async { manager()?.hostDidStop(reason: "the controller went away") } })
                })
        }
        for await operation in operations {
            guard let host = current.withLock({ $0 }) else { continue }
            await operation(host)
        }
        keeper.cancel()
        await current.withLock({ $0 })?.stop()
    }

    /// Disconnects every connected central, as the peripheral's user ending the link (Remote User Terminated
    /// Connection), then calls `completion` (on any thread). Not Apple API: an iOS app cannot disconnect a central;
    /// `bluetooth serve` calls this at Ctrl-C so that its centrals see the peripheral leave rather than a supervision
    /// timeout. Under bluetoothd nothing is disconnected. `completion` runs only once the host has taken the calls
    /// made before: without a controller it waits for one, so bound the wait.
    package func disconnectAllCentrals(completion: @escaping @Sendable () -> Void) {
        backend.disconnectAllCentrals(then: completion)
    }

    /// Runs `body` on the manager's queue: at once when already there, else waiting for it.
    func confined<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: queueKey) == true {
            return body()
        }
        return queue.sync(execute: body)
    }

    /// Queues a host call behind those made before it.
    func submit(_ operation: @escaping Operation) {
        operations.yield(operation)
    }

    /// Runs `body` on the manager's queue once the host calls submitted before have run, so that callbacks keep
    /// the order of the commands that caused them.
    func afterPendingOperations(_ body: @escaping @Sendable () -> Void) {
        submit { [queue] _ in queue.async(execute: body) }
    }

    /// Whether a command may run now; logs Apple's API MISUSE message and drops it otherwise.
    func acceptsCommands() -> Bool {
        guard state == .poweredOn else {
            report("API MISUSE: \(self) can only accept this command while in the powered on state")
            return false
        }
        return true
    }

    /// Writes a diagnostic line, as Apple's framework logs API misuse and warnings.
    func report(_ message: String) {
        FileHandle.standardError.write(Data("CoreBluetooth: \(message)\n".utf8))
    }

    /// Sets the state and tells the delegate.
    override func update(to newState: CBManagerState) {
        super.update(to: newState)
        delegate?.peripheralManagerDidUpdateState(self)
    }

    private func hostDidStart() {
        state = .poweredOn
        unavailabilityReason = nil
        resumeOnNewController()
        if let saved = pendingRestoration {
            pendingRestoration = nil
            restore(saved)
            return
        }
        delegate?.peripheralManagerDidUpdateState(self)
    }

    private func hostDidStop(reason: String, becoming newState: CBManagerState = .poweredOff) {
        if reason != unavailabilityReason {
            CoreBluetoothLog.warning("\(self) has no controller: \(reason)")
        }
        unavailabilityReason = reason
        guard state != newState else { return }
        state = newState
        advertising = false
        pausedAdvertisement = advertisement
        advertisement = nil
        for central in centralsByConnection.values { central.mtu = 23 }
        centralsByConnection = [:]
        updates = UpdateFlow(capacity: updates.capacity)
        pendingAnswers = [:]
        readBatches = [:]
        channels.endAll()
        delegate?.peripheralManagerDidUpdateState(self)
    }

    /// Delivers what the host reports, on the manager's queue.
    private func handle(_ event: HostEvent) {
        guard state == .poweredOn else { return }
        switch event {
        case .connected(let link) where link.role == .peripheral:
            linkUp(link)
        case .disconnected(let handle, _):
            linkDown(handle)
        case .mtuChanged(let handle, let mtu):
            centralsByConnection[handle]?.mtu = mtu
        case .serverRequest(let request):
            received(request)
        case .server(let serverEvent):
            handle(serverEvent)
        case .channelOpened(let info):
            channelOpened(info)
        case .channelData(let handle, let cid, let sdu):
            channels.received(sdu, on: cid, of: handle)
        case .channelClosed(let handle, let cid, let reason):
            channels.closed(cid, of: handle, reason: reason)
        default:
            break
        }
    }

    private func handle(_ event: GATTServerEvent) {
        switch event {
        case .subscriptionChanged(let connection, let valueHandle, let configuration):
            subscriptionChanged(connection: connection, valueHandle: valueHandle, subscribed: !configuration.isEmpty)
        case .transmitRoomFreed(let connection, let count):
            transmitRoomFreed(count, on: connection)
        case .indicationConfirmed, .readyToUpdateSubscribers:
            break
        }
    }
}
