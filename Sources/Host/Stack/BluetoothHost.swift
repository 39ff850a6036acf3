import HCI
import Logging

/// The host stack on one controller: GAP (advertising, scanning, connections), L2CAP, ATT, and a
/// GATT client and server on every link, serialised on this actor.
///
/// The host runs on its controller channel's executor, so packets pass between the two as plain
/// method calls: no stream, task or actor hop per packet.
///
/// Everything the layer above must learn goes to one consumer, in the order it happened: a
/// ``HostEventHandler`` (``handleEvents(with:)``), or a reader of ``events``.
public actor BluetoothHost {
    /// The channel to the controller.
    public nonisolated let controller: ControllerChannel
    /// What the start-up sequence learned about the controller and the address it set up.
    public nonisolated let controllerInfo: ControllerInfo
    /// The configuration the host was started with.
    public nonisolated let configuration: HostConfiguration
    /// The GAP procedures the host runs on its controller.
    public nonisolated let gap: GAPProcedures
    /// The controller channel's executor, which the host shares.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { controller.unownedExecutor }

    @exclusivity(unchecked) var eventRelay: HostEventRelay
    let logger: Logger
    @exclusivity(unchecked) var connections = LinkTable<HostConnection>()
    @exclusivity(unchecked) var server: GATTServerBearerAdapter
    var pendingConnection: PendingConnection?
    var nextAttemptID: UInt64 = 0
    var disconnectionWaiters: [ConnectionHandle: [CheckedContinuation<Void, Never>]] = [:]
    /// Writes without response waiting for a congested link to drain (or go down).
    var writeRoomWaiters: [ConnectionHandle: [CheckedContinuation<Void, Never>]] = [:]
    var stopped = false
    /// The signaling and credit-based channels of every link.
    let l2cap: HostL2CAP
    /// The GATT client of every link.
    let gattClient: GATTClient
    /// The bonds, the pairing agent and the pairing and encryption of every link.
    let securityManager: SecurityManager
    /// The identity and resolvable private address, when the configuration turns privacy on.
    let privacy: AddressPrivacy

    /// Brings the controller behind `transport` up and starts the host on it.
    public static func start(
        transport: any HCITransport, configuration: HostConfiguration = .init(),
        logger: Logger = Logger(label: "Host")
    ) async throws(HostError) -> BluetoothHost {
        let controller = ControllerChannel(
            transport: transport, clock: configuration.clock, commandTimeout: configuration.commandTimeout)
        let info: ControllerInfo
        do {
            info = try await controller.setUp(configuration.setup)
        } catch {
            await controller.close()
            throw .controller(error)
        }
        let database: AttributeDatabase
        do {
            database = try AttributeDatabase(
                deviceName: configuration.deviceName, appearance: configuration.appearance,
                services: configuration.services)
        } catch {
            await controller.close()
            throw .database(error)
        }
        let host = BluetoothHost(
            controller: controller, info: info, configuration: configuration, database: database, logger: logger)
        await host.run()
        do {
            try await host.startPrivacy()
        } catch {
            await host.stop()
            throw error
        }
        return host
    }

    private init(
        controller: ControllerChannel, info: ControllerInfo, configuration: HostConfiguration,
        database: AttributeDatabase, logger: Logger
    ) {
        self.controller = controller
        self.gap = GAPProcedures(controller)
        self.controllerInfo = info
        self.configuration = configuration
        self.logger = logger
        securityManager = SecurityManager(
            bonds: HostBonds(adapter: info.ownAddress, directory: configuration.bondDirectory, logger: logger),
            pairing: configuration.pairing, clock: configuration.clock, timeout: configuration.pairingTimeout,
            logger: logger)
        eventRelay = HostEventRelay(limit: configuration.eventBufferLimit)
        privacy = AddressPrivacy(
            settings: configuration.privacy, bondDirectory: configuration.bondDirectory, controllerInfo: info,
            gap: gap, clock: configuration.clock, logger: logger)
        l2cap = HostL2CAP(clock: configuration.clock, responseTimeout: configuration.signalingTimeout, logger: logger)
        gattClient = GATTClient(
            databaseStore: configuration.bondDirectory.map {
                GATTCacheStore(adapter: info.ownAddress, bondDirectory: $0)
            }, logger: logger)
        server = GATTServerBearerAdapter(
            server: GATTServer(database: database, configuration: configuration.server), logger: logger)
    }

    private func run() {
        server.requestHandler = { request in self.emit(.serverRequest(request)) }
        server.eventHandler = { event in self.emit(.server(event)) }
        server.canTransmit = { handle in !self.isCongested(handle) }
        server.signedWriteVerifier = { command, handle in
            self.securityManager.verifySignedWrite(command, on: handle)
        }
        privacy.isStopped = { self.stopped }
        l2cap.transmit = { handle, frame in self.transmit(frame, to: handle) }
        l2cap.emit = { event in self.emit(event) }
        l2cap.security = { handle in self.security(of: handle) }
        l2cap.updateParameters = { handle, request in self.updateParameters(request, on: handle) }
        gattClient.emit = { event in self.emit(event) }
        gattClient.bondedPeer = { handle in
            self.connections[handle].flatMap { self.securityManager.bonds.resolve($0.link.peerAddress) }?.peerAddress
                .address
        }
        securityManager.transmit = { handle, frame in self.transmit(frame, to: handle) }
        securityManager.emit = { event in self.emit(event) }
        securityManager.hostLink = { handle in self.connections[handle]?.link }
        securityManager.identified = { handle, identity in self.connections[handle]?.link.identityAddress = identity }
        securityManager.enableEncryption = { command in self.enableEncryption(command) }
        securityManager.replyLongTermKey = { handle, key in self.replyLongTermKey(handle, key) }
        securityManager.clientConfiguration = { handle in self.server.server.bondedClientConfiguration(of: handle) }
        securityManager.secured = { handle, security, restore in
            self.server.updateSecurity(security, for: handle)
            if let restore { self.server.restore(restore, for: handle) }
        }
        let listener = ControllerListener(
            input: { input in self.onSharedExecutor(input) { host, input in host.handle(input) } },
            linkDrained: { handle in self.onSharedExecutor(handle) { host, handle in host.drained(handle) } },
            ended: { self.onSharedExecutor(()) { host, _ in host.controllerStopped() } })
        controller.onSharedExecutor(listener) { channel, listener in channel.attach(listener) }
    }

    /// Stops the host: closes the controller channel; every link and pending operation fails.
    public func stop() async {
        privacy.stop()
        await controller.close()
    }

    /// Hands every event to `handler` from now on, on the host's executor as each happens: first the events that
    /// waited for a consumer, then each later one; the consumer before it, if any, hears `ended`.
    public func handleEvents(with handler: HostEventHandler) {
        eventRelay.attach(handler)
    }

    /// Everything the layer above must learn, in order, as a stream: for readers off the hot path (tests,
    /// command-line tools), since each event crosses to the reader's task. Reading it attaches the stream as the
    /// host's one event consumer (see ``handleEvents(with:)``), so read it once; it ends when the host stops.
    public nonisolated var events: AsyncStream<HostEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: HostEvent.self, bufferingPolicy: .bufferingOldest(configuration.eventBufferLimit))
        let logger = logger
        let handler = HostEventHandler(
            event: { event in
                if case .dropped = continuation.yield(event) {
                    logger.error("host event dropped: the layer above is not reading events")
                }
            },
            ended: { continuation.finish() })
        Task { await self.handleEvents(with: handler) }
        return stream
    }

    func emit(_ event: HostEvent) {
        if !eventRelay.emit(event) {
            logger.error("host event dropped: the layer above has not taken the host's events")
        }
    }

    private func handle(_ input: ControllerInput) {
        switch input {
        case .acl(let packet):
            received(packet)
        case .event(let event):
            handle(event)
        }
    }

    private func handle(_ event: KnownEvent) {
        switch event {
        case .disconnectionComplete(let e) where e.status.isSuccess:
            linkDown(e.handle, reason: e.reason)
        case .hardwareError(let e):
            logger.error("\(HCIError.hardwareError(code: e.hardwareCode)): every link is lost and the host stops")
        case .leMeta(let meta):
            handle(meta, event: event)
        case .encryptionChange(let e):
            securityManager.encryptionChanged(
                e.handle, status: e.status, enabled: e.encryptionEnabled != 0, keySize: nil)
        case .encryptionChangeV2(let e):
            securityManager.encryptionChanged(
                e.handle, status: e.status, enabled: e.encryptionEnabled != 0, keySize: e.encryptionKeySize)
        case .encryptionKeyRefreshComplete(let e):
            securityManager.encryptionChanged(e.handle, status: e.status, enabled: true, keySize: nil)
        default:
            break
        }
    }

    private func handle(_ meta: KnownLEMetaEvent, event: KnownEvent) {
        switch meta {
        case .advertisingReport, .extendedAdvertisingReport:
            for report in AdvertisementSeen.all(in: event) { emit(.advertisement(report)) }
        case .connectionComplete, .enhancedConnectionComplete, .enhancedConnectionCompleteV2:
            if let result = LinkEstablished.from(event) { linkCompleted(result) }
        case .connectionUpdateComplete(let e) where e.status.isSuccess:
            emit(
                .connectionUpdated(
                    e.handle, interval: e.connectionInterval, latency: e.peripheralLatency,
                    supervisionTimeout: e.supervisionTimeout))
        case .remoteConnectionParameterRequest(let e):
            acceptParameters(e)
        case .longTermKeyRequest(let e):
            securityManager.longTermKeyRequested(e)
        default:
            break
        }
    }

    private func controllerStopped() {
        stopped = true
        emit(.controllerStopped)
        for handle in connections.keys.sorted() { linkDown(handle, reason: .unspecifiedError) }
        finishPendingConnection(.failure(.stopped))
        eventRelay.finish()
        releaseComponents()
    }

    /// Takes back the closures `run()` gave the components once the controller has stopped: each captures the
    /// host, which the components it owns would otherwise keep alive forever (LeakSanitizer found every host
    /// ever started still allocated at exit). Nothing reaches the controller or the app after this.
    private func releaseComponents() {
        server.requestHandler = nil
        server.eventHandler = nil
        server.canTransmit = nil
        server.signedWriteVerifier = nil
        privacy.isStopped = { true }
        l2cap.transmit = { _, _ in }
        l2cap.emit = { _ in }
        l2cap.security = { _ in .unencrypted }
        l2cap.updateParameters = { _, _ in }
        gattClient.emit = { _ in }
        gattClient.bondedPeer = { _ in nil }
        securityManager.transmit = { _, _ in }
        securityManager.emit = { _ in }
        securityManager.hostLink = { _ in nil }
        securityManager.identified = { _, _ in }
        securityManager.enableEncryption = { _ in }
        securityManager.replyLongTermKey = { _, _ in }
        securityManager.clientConfiguration = { _ in nil }
        securityManager.secured = { _, _, _ in }
    }

    /// Queues one B-frame for the controller on a link.
    func transmit(_ frame: BasicFrame, to handle: ConnectionHandle) {
        let failure = controller.onSharedExecutor((handle, frame)) { channel, packet -> HCIError? in
            do throws(HCIError) {
                try channel.queueACL(handle: packet.0, frame: packet.1)
                return nil
            } catch {
                return error
            }
        }
        if let failure { logger.warning("L2CAP PDU for \(handle) not sent: \(failure)") }
    }

    /// Whether a link's outbound backlog is at its high-water mark; a congested link is told when it clears.
    func isCongested(_ handle: ConnectionHandle) -> Bool {
        controller.onSharedExecutor(handle) { channel, handle in channel.isCongested(handle) }
    }

    private func drained(_ handle: ConnectionHandle) {
        for waiter in writeRoomWaiters.removeValue(forKey: handle) ?? [] { waiter.resume() }
        guard connections[handle] != nil else { return }
        server.transmitReady(on: handle)
        emit(.readyToWriteWithoutResponse(handle))
    }

    /// The link on `handle`, if it is up.
    public func link(_ handle: ConnectionHandle) -> HostLink? {
        connections[handle]?.link
    }

    /// Every link that is up, by handle.
    public var links: [HostLink] {
        connections.keys.sorted().compactMap { connections[$0]?.link }
    }

    func connection(_ handle: ConnectionHandle) throws(HostError) -> HostConnection {
        guard let connection = connections[handle] else { throw .notConnected(handle) }
        return connection
    }
}
