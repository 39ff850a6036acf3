import HCI
import Logging

/// The host stack on one controller: GAP (advertising, scanning, connections), L2CAP, ATT, and a
/// GATT client and server on every link, serialised on this actor.
///
/// Everything the layer above must learn arrives on ``events``, in the order it happened.
public actor BluetoothHost {
    /// The channel to the controller.
    public nonisolated let controller: ControllerChannel
    /// What the start-up sequence learned about the controller and the address it set up.
    public nonisolated let controllerInfo: ControllerInfo
    /// The configuration the host was started with.
    public nonisolated let configuration: HostConfiguration
    /// Everything the layer above must learn, in order. It has one consumer.
    public nonisolated let events: AsyncStream<HostEvent>

    let eventSink: AsyncStream<HostEvent>.Continuation
    let outbound: AsyncStream<(ConnectionHandle, [UInt8])>.Continuation
    let logger: Logger
    var connections: [ConnectionHandle: HostConnection] = [:]
    var server: GATTServerBearerAdapter
    var pendingConnection: PendingConnection?
    var nextAttemptID: UInt64 = 0
    var disconnectionWaiters: [ConnectionHandle: [CheckedContinuation<Void, Never>]] = [:]
    var stopped = false
    var publishedChannels: [SPSM: ChannelServiceOptions] = [:]
    /// L2CAP PDUs handed to the outbound queue and not yet taken by the controller channel, per link.
    var backlog: [ConnectionHandle: Int] = [:]
    /// Links whose backlog reached ``transmitHighWater``; they hear when it falls again.
    var congested: Set<ConnectionHandle> = []
    /// The backlog at which a link stops taking notifications and writes without response.
    static let transmitHighWater = 8
    var savedBonds: HostBonds
    var pairingAgent: (any PairingAgent)?
    /// The privacy state, when the configuration turns privacy on.
    var privacy: HostPrivacy?

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
        let inputs = await controller.subscribe()
        await host.run(inputs)
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
        self.controllerInfo = info
        self.configuration = configuration
        self.logger = logger
        savedBonds = HostBonds(adapter: info.ownAddress, directory: configuration.bondDirectory, logger: logger)
        (events, eventSink) = AsyncStream.makeStream(
            of: HostEvent.self, bufferingPolicy: .bufferingOldest(configuration.eventBufferLimit))
        let (outgoing, outbound) = AsyncStream.makeStream(of: (ConnectionHandle, [UInt8]).self)
        self.outbound = outbound
        server = GATTServerBearerAdapter(
            server: GATTServer(database: database, configuration: configuration.server), logger: logger)
        Task { [weak self, controller, logger] in
            for await (handle, pdu) in outgoing {
                do {
                    try await controller.sendACLWhenRoom(handle: handle, pdu: pdu)
                } catch {
                    logger.warning("L2CAP PDU for \(handle) not sent: \(error)")
                }
                await self?.accepted(handle)
            }
        }
    }

    private func run(_ inputs: AsyncStream<ControllerInput>) {
        server.requestHandler = { request in self.emit(.serverRequest(request)) }
        server.eventHandler = { event in self.emit(.server(event)) }
        server.canTransmit = { handle in !self.isCongested(handle) }
        server.signedWriteVerifier = { command, handle in self.verifySignedWrite(command, on: handle) }
        Task {
            for await input in inputs {
                self.handle(input)
            }
            self.controllerStopped()
        }
    }

    /// Stops the host: closes the controller channel; every link and pending operation fails.
    public func stop() async {
        stopPrivacy()
        await controller.close()
    }

    func emit(_ event: HostEvent) {
        if case .dropped = eventSink.yield(event) {
            logger.error("host event dropped: the layer above is not reading events")
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
        case .leMeta(let meta):
            handle(meta, event: event)
        case .encryptionChange(let e):
            encryptionChanged(e.handle, status: e.status, enabled: e.encryptionEnabled != 0, keySize: nil)
        case .encryptionChangeV2(let e):
            encryptionChanged(
                e.handle, status: e.status, enabled: e.encryptionEnabled != 0, keySize: e.encryptionKeySize)
        case .encryptionKeyRefreshComplete(let e):
            encryptionChanged(e.handle, status: e.status, enabled: true, keySize: nil)
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
            longTermKeyRequested(e)
        default:
            break
        }
    }

    private func controllerStopped() {
        stopped = true
        for handle in connections.keys.sorted() { linkDown(handle, reason: .unspecifiedError) }
        finishPendingConnection(.failure(.stopped))
        outbound.finish()
        eventSink.finish()
    }

    /// Queues one L2CAP PDU (header included) for the controller on a link.
    func transmit(_ pdu: [UInt8], to handle: ConnectionHandle) {
        backlog[handle, default: 0] += 1
        outbound.yield((handle, pdu))
    }

    /// Whether a link's outbound backlog is at its high-water mark; a congested link is told when it clears.
    func isCongested(_ handle: ConnectionHandle) -> Bool {
        guard backlog[handle, default: 0] >= Self.transmitHighWater else { return false }
        congested.insert(handle)
        return true
    }

    private func accepted(_ handle: ConnectionHandle) {
        let remaining = max(0, backlog[handle, default: 0] - 1)
        backlog[handle] = remaining == 0 ? nil : remaining
        guard remaining < Self.transmitHighWater, congested.remove(handle) != nil, connections[handle] != nil else {
            return
        }
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
