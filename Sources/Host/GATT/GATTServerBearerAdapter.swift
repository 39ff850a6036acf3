import HCI
import Logging

/// Serves a ``GATTServer`` over the ATT bearers of its connections: hands every request and command
/// to the server, answers deferred requests when the application completes them, and sends queued
/// notifications and indications.
///
/// The bearer owns ATT_MTU (it answers Exchange MTU itself); each request reaches the server with the
/// bearer's current ``ATTBearer/mtu`` in its ``ConnectionContext``. Not Sendable: the actor that owns
/// the connections owns the adapter and its bearers and makes every call on them.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3 and Vol 3, Part G, 4.
public final class GATTServerBearerAdapter {
    /// Carries out a read or write the server deferred; answer it with ``complete(id:result:isolation:)``
    /// (a Write Command needs no answer).
    ///
    /// Without a handler every deferred request is refused with Unlikely Error.
    @exclusivity(unchecked) public var requestHandler: ((GATTServerRequest) -> Void)?

    /// Says whether a connection can take another notification or indication now; without it every
    /// queued PDU is sent at once. When it says no, the rest stay in the server's transmit queue until
    /// ``transmitReady(on:isolation:)``.
    @exclusivity(unchecked) public var canTransmit: ((ConnectionHandle) -> Bool)?

    /// Says whether a Signed Write Command carries a valid signature by the client; without it, or when it says
    /// no, the command is dropped. It is asked only for a command the server's own rules allow (see
    /// ``GATTServer/handleSignedWrite(_:from:verify:)``), and a verified one is served as a Write Command.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.2.
    public var signedWriteVerifier: ((ATTSignedWriteCommand, ConnectionHandle) -> Bool)?

    /// Learns the server's events (subscriptions, confirmations, transmit readiness) as they happen.
    @exclusivity(unchecked) public var eventHandler: ((GATTServerEvent) -> Void)?

    /// The GATT server the bearers serve.
    @exclusivity(unchecked) public private(set) var server: GATTServer

    private struct Link {
        var bearer: ATTBearer
        var security: LinkSecurity
        /// The bearer's ATT_MTU when the server last heard it (the bearer answers Exchange MTU on its own).
        var reportedMTU: Int
    }

    @exclusivity(unchecked) private var links = LinkTable<Link>()
    /// An empty buffer, with room, that the server's next events go into while the last ones are handed out.
    @exclusivity(unchecked) private var spareEvents: [GATTServerEvent] = []
    private let logger: Logger

    /// Makes an adapter serving `server`, logging unsent PDUs to `logger`.
    public init(server: GATTServer, logger: Logger = Logger(label: "GATT")) {
        self.server = server
        self.logger = logger
    }

    /// Starts serving a connection: installs the bearer's request and command handlers.
    public func attach(_ bearer: ATTBearer, connection: ConnectionHandle, security: LinkSecurity = .unencrypted) {
        let link = Link(bearer: bearer, security: security, reportedMTU: bearer.mtu)
        links[connection] = link
        server.update(context(connection, link))
        bearer.requestHandler = { [weak self] pdu in self?.handleRequest(pdu, on: connection) }
        bearer.commandHandler = { [weak self] pdu in self?.handleCommand(pdu, on: connection) }
    }

    /// Records that a connection's link is now protected at `security`.
    public func updateSecurity(_ security: LinkSecurity, for connection: ConnectionHandle) {
        guard var link = links[connection] else { return }
        link.security = security
        link.reportedMTU = link.bearer.mtu
        links[connection] = link
        server.update(context(connection, link))
    }

    /// Gives a returning bonded client on a connection the subscriptions and features it had, sending any
    /// Service Changed indication the restore queues (see ``GATTServer/restore(_:for:)``).
    public func restore(
        _ saved: BondedClientConfiguration, for connection: ConnectionHandle,
        isolation: isolated (any Actor)? = #isolation
    ) {
        guard let link = links[connection] else { return }
        server.restore(saved, for: context(connection, link))
        publishEvents()
        sendQueued(on: connection, isolation: isolation)
    }

    /// Stops serving a connection whose link went down; the server forgets it (see ``GATTServer/disconnected(_:)``).
    public func disconnected(_ connection: ConnectionHandle) {
        guard let link = links.removeValue(forKey: connection) else { return }
        link.bearer.requestHandler = nil
        link.bearer.commandHandler = nil
        server.disconnected(connection)
        publishEvents()
    }

    /// Adds a service after the last handle in use and sends Service Changed to subscribed clients.
    @discardableResult
    public func addService(
        _ definition: ServiceDefinition, isolation: isolated (any Actor)? = #isolation
    ) throws(AttributeDatabaseError) -> ServiceLayout {
        let layout = try server.addService(definition)
        publishEvents()
        for (connection, link) in links.elements { sendQueued(link.bearer, on: connection, isolation: isolation) }
        return layout
    }

    /// Removes the service declared at `declarationHandle` and sends Service Changed to subscribed clients.
    @discardableResult
    public func removeService(
        at declarationHandle: AttributeHandle, isolation: isolated (any Actor)? = #isolation
    ) throws(AttributeDatabaseError) -> ServiceLayout? {
        let layout = try server.removeService(at: declarationHandle)
        publishEvents()
        for (connection, link) in links.elements { sendQueued(link.bearer, on: connection, isolation: isolation) }
        return layout
    }

    /// Answers a deferred request with the application's result on the bearer it came in on.
    public func complete(
        id: GATTServerRequest.ID, result: GATTServerRequest.Answer, isolation: isolated (any Actor)? = #isolation
    ) {
        defer { publishEvents() }
        guard let (connection, response) = server.complete(id: id, result: result), let link = links[connection]
        else { return }
        do {
            try link.bearer.respond(response, isolation: isolation)
        } catch {
            logger.error("answer to deferred GATT request not sent: \(error)")
        }
    }

    /// Sends a characteristic's new value to its subscribers (or to `targets`): notifications at once,
    /// indications one at a time as each is confirmed.
    ///
    /// - Returns: False, sending nothing, when a subscriber's transmit queue is full;
    ///   see ``GATTServer/updateValue(_:for:to:)``.
    @discardableResult
    public func updateValue(
        _ value: [UInt8], for valueHandle: AttributeHandle, to targets: Set<ConnectionHandle>? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Bool {
        for (connection, link) in links.elements where link.bearer.mtu != link.reportedMTU {
            links[connection]?.reportedMTU = link.bearer.mtu
            server.update(context(connection, link))
        }
        defer { publishEvents() }
        guard server.updateValue(value, for: valueHandle, to: targets) else { return false }
        for (connection, link) in links.elements { sendQueued(link.bearer, on: connection, isolation: isolation) }
        return true
    }

    /// Hands the server's events to the handler. The server's buffer and a spare one change places, so that
    /// steady traffic allocates no new one; a handler that causes events publishes them itself, into a buffer of
    /// its own, as the spare is taken while the batch is out.
    private func publishEvents() {
        guard let eventHandler, !server.events.isEmpty else { return }
        var batch = spareEvents
        spareEvents = []
        swap(&batch, &server.events)
        for event in batch { eventHandler(event) }
        batch.removeAll(keepingCapacity: true)
        spareEvents = batch
    }

    private func context(_ connection: ConnectionHandle, _ link: Link) -> ConnectionContext {
        ConnectionContext(id: connection, security: link.security, mtu: link.bearer.mtu)
    }

    private func handleRequest(_ pdu: ATTPDU, on connection: ConnectionHandle) -> ATTPDU? {
        guard let link = links[connection] else { return nil }
        defer { publishEvents() }
        switch server.handle(pdu, from: context(connection, link)) {
        case .respond(let response):
            return response
        case .deferred(let request):
            guard let requestHandler else {
                return server.complete(id: request.id, result: .error(.unlikelyError))?.response
            }
            requestHandler(request)
            return nil
        case .none:
            return .errorResponse(ATTErrorResponse(requestOpcode: pdu.opcode, handle: .invalid, error: .unlikelyError))
        }
    }

    private func handleCommand(_ pdu: ATTPDU, on connection: ConnectionHandle) {
        guard let link = links[connection] else { return }
        defer { publishEvents() }
        let outcome: GATTServerOutcome
        if case .signedWriteCommand(let command) = pdu {
            let verifier = signedWriteVerifier
            do {
                outcome = try server.handleSignedWrite(command, from: context(connection, link)) { command in
                    verifier?(command, connection) == true
                }
            } catch {
                logger.info("Signed Write Command for \(command.handle) on \(connection) dropped: \(error)")
                return
            }
        } else {
            outcome = server.handle(pdu, from: context(connection, link))
        }
        guard case .deferred(let request) = outcome else { return }
        requestHandler?(request)
    }

    private func sendQueued(on connection: ConnectionHandle, isolation: isolated (any Actor)?) {
        guard let bearer = links[connection]?.bearer else { return }
        sendQueued(bearer, on: connection, isolation: isolation)
    }

    private func sendQueued(_ bearer: ATTBearer, on connection: ConnectionHandle, isolation: isolated (any Actor)?) {
        while canTransmit?(connection) ?? true, let pdu = server.nextOutgoingPDU(for: connection) {
            switch pdu {
            case .handleValueNotification(let notification):
                do {
                    try bearer.notify(handle: notification.handle, value: notification.value, isolation: isolation)
                } catch {
                    logger.debug("notification not sent: \(error)")
                }
            case .handleValueIndication(let indication):
                bearer.indicate(handle: indication.handle, value: indication.value, isolation: isolation) {
                    [weak self] error in
                    if let error {
                        self?.logger.debug("indication not confirmed: \(error)")
                    } else {
                        self?.indicationConfirmed(on: connection, isolation: isolation)
                    }
                }
            default:
                logger.error("unexpected outgoing GATT PDU \(pdu.opcode.name)")
            }
        }
    }

    /// Sends what waits in a connection's transmit queue, now that the connection can take it.
    public func transmitReady(on connection: ConnectionHandle, isolation: isolated (any Actor)? = #isolation) {
        sendQueued(on: connection, isolation: isolation)
        publishEvents()
    }

    private func indicationConfirmed(on connection: ConnectionHandle, isolation: isolated (any Actor)?) {
        guard let link = links[connection] else { return }
        _ = server.handle(.handleValueConfirmation(ATTHandleValueConfirmation()), from: context(connection, link))
        publishEvents()
        sendQueued(on: connection, isolation: isolation)
    }
}
