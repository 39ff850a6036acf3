import HCI

/// The server side of GATT as pure logic: a request PDU in, a response PDU (or a deferral) out.
///
/// No I/O, clocks or actors: the owner of the connections calls it synchronously and sends what it
/// returns. Reads and writes of dynamic values come back as ``GATTServerOutcome/deferred(_:)`` and
/// are answered with ``complete(id:result:)``. Things the application learns (subscriptions,
/// confirmations, room in the transmit queues) collect until ``takeEvents()``.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4 and Vol 3, Part G, 4.
public struct GATTServer: Sendable {
    /// The attributes the server offers.
    public internal(set) var database: AttributeDatabase
    /// The server's limits and policies.
    public let configuration: GATTServerConfiguration
    /// The Database Hash of ``database``.
    public internal(set) var databaseHash: UInt128

    var connections: [ConnectionHandle: GATTServerConnection] = [:]
    var pendingRequests: [GATTServerRequest.ID: PendingRequest] = [:]
    var nextRequestID: UInt64 = 1
    var events: [GATTServerEvent] = []
    var isWaitingForTransmitRoom = false

    /// Serves `database` with `configuration`.
    public init(database: AttributeDatabase, configuration: GATTServerConfiguration = GATTServerConfiguration()) {
        self.database = database
        self.configuration = configuration
        databaseHash = database.hash
    }

    /// The largest PDU the server receives, as offered in Exchange MTU.
    public var serverRxMTU: Int { ATTLimits.clampedMTU(configuration.serverRxMTU) }

    /// Takes one request, command or confirmation from a client and says what to send back.
    ///
    /// PDUs meant for a GATT client (responses, notifications, indications) give ``GATTServerOutcome/none``.
    public mutating func handle(_ request: ATTPDU, from connection: ConnectionContext) -> GATTServerOutcome {
        update(connection)
        let id = connection.id
        if let refused = changeUnawareRefusal(of: request, from: id) { return refused }
        let opcode = request.opcode
        do throws(AttributeError) {
            switch request {
            case .exchangeMTURequest(let request): return exchangeMTU(request, from: id)
            case .findInformationRequest(let request): return .respond(try findInformation(request, from: id))
            case .findByTypeValueRequest(let request): return .respond(try findByTypeValue(request, from: id))
            case .readByTypeRequest(let request): return try readByType(request, from: id)
            case .readByGroupTypeRequest(let request): return .respond(try readByGroupType(request, from: id))
            case .readRequest(let request): return try read(request, from: id)
            case .readBlobRequest(let request): return try readBlob(request, from: id)
            case .readMultipleRequest(let request): return try readMultiple(request.handles, variable: false, from: id)
            case .readMultipleVariableRequest(let request):
                return try readMultiple(request.handles, variable: true, from: id)
            case .writeRequest(let request): return try write(request, from: id)
            case .prepareWriteRequest(let request): return try prepareWrite(request, from: id)
            case .executeWriteRequest(let request): return try executeWrite(request, from: id)
            case .writeCommand(let command): return writeCommand(command, from: id)
            case .handleValueConfirmation:
                confirmIndication(from: id)
                return .none
            case .signedWriteCommand:
                return .none
            case .unknown(let opcode, _):
                guard opcode.kind == .request else { return .none }
                throw AttributeError(.requestNotSupported, .invalid)
            case .errorResponse, .exchangeMTUResponse, .findInformationResponse, .findByTypeValueResponse,
                .readByTypeResponse, .readResponse, .readBlobResponse, .readMultipleResponse,
                .readByGroupTypeResponse, .writeResponse, .prepareWriteResponse, .executeWriteResponse,
                .readMultipleVariableResponse, .handleValueNotification, .handleValueIndication,
                .multipleHandleValueNotification:
                return .none
            }
        } catch {
            return .respond(Self.errorResponse(opcode, error))
        }
    }

    /// Decodes one ATT PDU from a client and handles it; a malformed request gets Invalid PDU.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.1.1.
    public mutating func handle(pdu bytes: [UInt8], from connection: ConnectionContext) -> GATTServerOutcome {
        guard let first = bytes.first else { return .none }
        do {
            return handle(try ATTPDU(decoding: bytes), from: connection)
        } catch {
            let opcode = ATTOpcode(rawValue: first)
            guard opcode.kind == .request else { return .none }
            update(connection)
            return .respond(Self.errorResponse(opcode, AttributeError(.invalidPDU, .invalid)))
        }
    }

    /// Records a connection's current security and ATT_MTU, starting to track it if it is new.
    ///
    /// Once the server has answered an Exchange MTU itself, the ATT_MTU it worked out stands.
    public mutating func update(_ connection: ConnectionContext) {
        let mtu = ATTLimits.clampedMTU(connection.mtu)
        guard let index = connections.index(forKey: connection.id) else {
            connections[connection.id] = GATTServerConnection(
                security: connection.security, mtu: mtu, configuration: configuration)
            return
        }
        connections.values[index].security = connection.security
        if !connections.values[index].hasExchangedMTU { connections.values[index].mtu = mtu }
    }

    /// Forgets a connection: its subscriptions (reported as ended), prepared writes, queued updates and
    /// pending requests. Take ``bondedClientConfiguration(of:)`` first to keep a bonded client's state.
    public mutating func disconnected(_ connection: ConnectionHandle) {
        guard let state = connections.removeValue(forKey: connection) else { return }
        pendingRequests = pendingRequests.filter { $0.value.connection != connection }
        for (valueHandle, configuration) in state.clientConfigurations.sorted(by: { $0.key < $1.key })
        where !configuration.isEmpty {
            events.append(.subscriptionChanged(connection: connection, valueHandle: valueHandle, configuration: []))
        }
        reportRoomIfWaiting()
    }

    /// The ATT_MTU the server uses on a connection, or nil when it does not know the connection.
    public func mtu(of connection: ConnectionHandle) -> Int? {
        connections[connection]?.mtu
    }

    /// The CCCD value a connection's client wrote for the characteristic whose value has `valueHandle`.
    public func clientConfiguration(
        of connection: ConnectionHandle, for valueHandle: AttributeHandle
    ) -> ClientCharacteristicConfiguration {
        connections[connection]?.configuration(of: valueHandle) ?? []
    }

    /// The connections subscribed to the characteristic whose value has `valueHandle`, in handle order.
    public func subscribers(of valueHandle: AttributeHandle) -> [ConnectionHandle] {
        connections.filter { !$0.value.configuration(of: valueHandle).isEmpty }.keys.sorted()
    }

    /// Returns the events collected since the last call, oldest first, and forgets them.
    public mutating func takeEvents() -> [GATTServerEvent] {
        defer { events = [] }
        return events
    }

    static func errorResponse(_ opcode: ATTOpcode, _ error: AttributeError) -> ATTPDU {
        .errorResponse(ATTErrorResponse(requestOpcode: opcode, handle: error.handle, error: error.code))
    }

    /// The ATT_MTU in effect on a connection.
    func mtu(_ connection: ConnectionHandle) -> Int {
        connections[connection]?.mtu ?? ATTLimits.minimumMTU
    }

    /// Why a connection's client may not access `attribute`, or nil when it may.
    func refusal(
        of access: AttributeAccess, to attribute: Attribute, from connection: ConnectionHandle
    )
        -> ATTErrorCode?
    {
        attribute.permissions.refusal(
            of: access, on: connections[connection]?.security ?? .unencrypted,
            minimumKeySize: configuration.minimumEncryptionKeySize)
    }

    /// Answers Exchange MTU with the server's receive MTU; the first exchange fixes the connection's ATT_MTU.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.2.
    mutating func exchangeMTU(
        _ request: ATTExchangeMTURequest, from connection: ConnectionHandle
    )
        -> GATTServerOutcome
    {
        if var state = connections[connection], !state.hasExchangedMTU {
            state.mtu = min(ATTLimits.clampedMTU(Int(request.clientRxMTU)), serverRxMTU)
            state.hasExchangedMTU = true
            connections[connection] = state
        }
        return .respond(.exchangeMTUResponse(ATTExchangeMTUResponse(serverRxMTU: UInt16(serverRxMTU))))
    }
}
