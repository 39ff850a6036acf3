import HCI
import Logging

/// One ATT bearer on one connection, for the GATT client and server alike: sends our requests,
/// indications, notifications and commands, times our transactions, and hands up the peer's PDUs.
///
/// Not Sendable: the actor that owns the connection owns the bearer and makes every call on it;
/// the transaction timers run on that actor too.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3.
public final class ATTBearer {
    /// How long a request or indication of ours may wait for its answer before the bearer closes.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.3.3.
    public static let transactionTimeout: Duration = .seconds(30)

    /// The ATT_MTU of an LE bearer before Exchange MTU, and the least it can be.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.2.8.
    public static let minimumMTU = 23

    /// The largest ATT_MTU: a 512-byte attribute value behind the longest PDU header.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.2.9.
    public static let maximumMTU = 517

    /// Answers a request from the peer: return the response PDU (or an Error Response) to send it
    /// now, or nil to answer later with ``respond(_:isolation:)`` or ``respond(error:handle:isolation:)``.
    ///
    /// Without a handler every such request is answered with Request Not Supported.
    @exclusivity(unchecked) public var requestHandler: ((ATTPDU) -> ATTPDU?)?
    /// Takes a command from the peer (Write Command, Signed Write Command).
    @exclusivity(unchecked) public var commandHandler: ((ATTPDU) -> Void)?
    /// Takes a Handle Value Notification or Multiple Handle Value Notification from the peer.
    @exclusivity(unchecked) public var notificationHandler: ((ATTPDU) -> Void)?
    /// Takes an indication from the peer: return true to confirm it now, or false to confirm it
    /// later with ``confirmIndication(isolation:)``.
    ///
    /// Without a handler every indication is confirmed at once.
    @exclusivity(unchecked) public var indicationHandler: ((ATTHandleValueIndication) -> Bool)?
    /// Learns that ATT_MTU changed after an Exchange MTU.
    @exclusivity(unchecked) public var mtuHandler: ((Int) -> Void)?
    /// Learns that the bearer closed because a transaction timed out; the owner should disconnect the link.
    @exclusivity(unchecked) public var closeHandler: ((ATTBearerError) -> Void)?

    @exclusivity(unchecked) private var state: ATTBearerState
    private let transmit: ([UInt8]) -> Void
    private let timers: any TransactionTiming
    @exclusivity(unchecked) private var timerWatch: Task<Void, Never>?
    private let logger: Logger
    /// Who waits for an operation in progress: a suspended caller, or a handler called where the bearer runs.
    private enum Waiter {
        /// An unsafe continuation, which a checked one's allocation per operation is not spent on: the state
        /// machine completes every operation once, removing its waiter as it resumes it.
        case task(UnsafeContinuation<Result<[UInt8], ATTBearerError>, Never>)
        case handler((Result<[UInt8], ATTBearerError>) -> Void)

        func complete(_ result: Result<[UInt8], ATTBearerError>) {
            switch self {
            case .task(let continuation): continuation.resume(returning: result)
            case .handler(let handler): handler(result)
            }
        }
    }

    /// The waiters of operations in progress.
    @exclusivity(unchecked) private var waiters: [ATTBearerState.OperationID: Waiter] = [:]
    @exclusivity(unchecked) private var nextID: ATTBearerState.OperationID = 0

    /// Makes an open bearer with ATT_MTU 23 that sends each PDU through `send`.
    ///
    /// - Parameters:
    ///   - localMTU: The largest PDU this side receives, offered in Exchange MTU; clamped to 23...517.
    ///   - requestQueueLimit: How many requests may wait behind the outstanding one.
    ///   - indicationQueueLimit: How many indications may wait behind the outstanding one.
    ///   - clock: The clock that times transactions.
    ///   - transactionTimeout: How long a transaction may take; the specification says 30 seconds.
    ///   - logger: Where dropped PDUs are logged.
    ///   - send: Transmits one ATT PDU on the connection's ATT channel.
    public init(
        localMTU: Int = ATTBearer.maximumMTU,
        requestQueueLimit: Int = 32,
        indicationQueueLimit: Int = 32,
        clock: any Clock<Duration> = ContinuousClock(),
        transactionTimeout: Duration = ATTBearer.transactionTimeout,
        logger: Logger = Logger(label: "ATT"),
        send: @escaping ([UInt8]) -> Void
    ) {
        state = ATTBearerState(
            localMTU: localMTU, requestQueueLimit: requestQueueLimit, indicationQueueLimit: indicationQueueLimit)
        transmit = send
        timers = makeTransactionTimers(clock: clock, timeout: transactionTimeout)
        self.logger = logger
    }

    deinit {
        timerWatch?.cancel()
    }

    /// The bearer's ATT_MTU: the largest PDU either side sends.
    public var mtu: Int { state.mtu }

    /// The largest PDU this side receives, as offered in Exchange MTU.
    public var localMTU: Int { state.localMTU }

    /// Requests and indications of ours sent or queued and not yet finished.
    public var pendingOperationCount: Int { state.pendingOperationCount }

    /// Whether PDUs can still be sent; false after a transaction timeout, ``close(isolation:)`` or disconnection.
    public var isOpen: Bool { state.isOpen }

    // MARK: Client role

    /// Sends a request once the outstanding one (if any) is answered, and returns its response.
    ///
    /// - Throws: ``ATTBearerError/errorResponse(_:)`` when the peer refuses it, ``ATTBearerError/mtuExceeded``
    ///   when it does not fit in ATT_MTU, and the bearer's failures (timeout, disconnection, closure, full queue).
    public func send<R: ATTRequest>(
        _ request: R, isolation: isolated (any Actor)? = #isolation
    ) async throws(ATTBearerError) -> R.Response {
        let bytes = try await transact(request.encodedPDU, isolation: isolation)
        do {
            return try R.Response(decodingPDU: bytes)
        } catch {
            throw .malformedResponse
        }
    }

    /// Sends any request PDU once the outstanding one (if any) is answered, and returns the peer's answer:
    /// the response, or the Error Response for it (returned, not thrown).
    ///
    /// `pdu` must be a request; a Write Command or other command goes through `sendCommand(_:isolation:)`.
    ///
    /// - Throws: ``ATTBearerError/mtuExceeded`` when it does not fit in ATT_MTU, ``ATTBearerError/malformedResponse``,
    ///   and the bearer's failures (timeout, disconnection, closure, full queue).
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.3 and 3.4.1.1.
    public func request(
        _ pdu: ATTPDU, isolation: isolated (any Actor)? = #isolation
    ) async throws(ATTBearerError) -> ATTPDU {
        let bytes: [UInt8]
        do {
            bytes = try await transact(pdu.encoded, isolation: isolation)
        } catch .errorResponse(let refusal) {
            return .errorResponse(refusal)
        }
        do {
            return try ATTPDU(decoding: bytes)
        } catch {
            throw .malformedResponse
        }
    }

    /// Exchanges MTUs with the peer, offering ``localMTU``, and returns the new ATT_MTU.
    ///
    /// A client sends Exchange MTU once per connection: later calls return the current ATT_MTU.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.2.
    public func exchangeMTU(isolation: isolated (any Actor)? = #isolation) async throws(ATTBearerError) -> Int {
        guard !state.mtuExchangeRequested else { return mtu }
        _ = try await send(ATTExchangeMTURequest(clientRxMTU: UInt16(localMTU)), isolation: isolation)
        return mtu
    }

    /// Sends a command, which nothing answers.
    ///
    /// - Throws: ``ATTBearerError/mtuExceeded`` when it does not fit in ATT_MTU, or why the bearer is down.
    public func sendCommand<C: ATTCommand>(
        _ command: C, isolation: isolated (any Actor)? = #isolation
    ) throws(ATTBearerError) {
        run(try state.command(command.encodedPDU), isolation: isolation)
    }

    /// Sends any command PDU (a Write Command or Signed Write Command), which nothing answers.
    ///
    /// - Throws: ``ATTBearerError/mtuExceeded`` when it does not fit in ATT_MTU, or why the bearer is down.
    public func sendCommand(_ pdu: ATTPDU, isolation: isolated (any Actor)? = #isolation) throws(ATTBearerError) {
        precondition(pdu.opcode.kind == .command, "sendCommand takes a command PDU")
        run(try state.command(pdu.encoded), isolation: isolation)
    }

    // MARK: Server role

    /// Sends a Handle Value Indication once the outstanding one (if any) is confirmed, and returns
    /// when the peer confirms it; a value longer than ATT_MTU - 3 is cut to fit.
    public func indicate(
        handle: AttributeHandle, value: [UInt8], isolation: isolated (any Actor)? = #isolation
    ) async throws(ATTBearerError) {
        _ = try await perform(isolation: isolation) { state, id in
            state.submitIndication(id: id, handle: handle, value: value)
        }.get()
    }

    /// Sends a Handle Value Indication once the outstanding one (if any) is confirmed, as
    /// ``indicate(handle:value:isolation:)`` does, and calls `confirmed` where the bearer runs when the peer
    /// confirms it (with nil) or when it never will (with why). No task waits for it.
    public func indicate(
        handle: AttributeHandle, value: [UInt8], isolation: isolated (any Actor)? = #isolation,
        confirmed: @escaping (ATTBearerError?) -> Void
    ) {
        let id = nextID
        nextID += 1
        waiters[id] = .handler { result in
            switch result {
            case .success: confirmed(nil)
            case .failure(let error): confirmed(error)
            }
        }
        run(state.submitIndication(id: id, handle: handle, value: value), isolation: isolation)
    }

    /// Sends a Handle Value Notification; a value longer than ATT_MTU - 3 is cut to fit.
    ///
    /// - Throws: Why the bearer is down.
    public func notify(
        handle: AttributeHandle, value: [UInt8], isolation: isolated (any Actor)? = #isolation
    ) throws(ATTBearerError) {
        run(try state.notification(handle: handle, value: value), isolation: isolation)
    }

    /// Answers the peer's pending request with its response or an Error Response.
    ///
    /// A Read, Read Blob or Read Multiple Response is cut to ATT_MTU; any other response must fit.
    ///
    /// - Throws: ``ATTBearerError/unmatchedAnswer`` when no request waits or the PDU does not answer it,
    ///   ``ATTBearerError/mtuExceeded`` when it does not fit (the request still waits), or why the bearer is down.
    public func respond(_ response: ATTPDU, isolation: isolated (any Actor)? = #isolation) throws(ATTBearerError) {
        run(try state.respond(response.encoded), isolation: isolation)
    }

    /// Answers the peer's pending request with its response.
    ///
    /// - Throws: As ``respond(_:isolation:)``.
    public func respond<P: ATTPDUCodable>(
        _ response: P, isolation: isolated (any Actor)? = #isolation
    ) throws(ATTBearerError) {
        run(try state.respond(response.encodedPDU), isolation: isolation)
    }

    /// Answers the peer's pending request with an Error Response for its opcode.
    ///
    /// - Throws: ``ATTBearerError/unmatchedAnswer`` when no request waits, or why the bearer is down.
    public func respond(
        error: ATTErrorCode, handle: AttributeHandle, isolation: isolated (any Actor)? = #isolation
    ) throws(ATTBearerError) {
        run(try state.respond(error: error, handle: handle), isolation: isolation)
    }

    /// Confirms the peer's last indication.
    ///
    /// - Throws: ``ATTBearerError/unmatchedAnswer`` when no indication waits, or why the bearer is down.
    public func confirmIndication(isolation: isolated (any Actor)? = #isolation) throws(ATTBearerError) {
        run(try state.confirmIndication(), isolation: isolation)
    }

    // MARK: Link events

    /// Takes one ATT PDU (one L2CAP SDU) from the peer.
    public func received(_ bytes: ArraySlice<UInt8>, isolation: isolated (any Actor)? = #isolation) {
        run(state.received(bytes), isolation: isolation)
    }

    /// The link went down: every pending operation, and every later one, fails with `reason`.
    public func disconnected(reason: HCIStatus, isolation: isolated (any Actor)? = #isolation) {
        run(state.disconnected(reason: reason), isolation: isolation)
    }

    /// Closes the bearer: every pending operation, and every later one, fails with ``ATTBearerError/closed``.
    public func close(isolation: isolated (any Actor)? = #isolation) {
        run(state.close(), isolation: isolation)
    }

    // MARK: Driving the state

    private func transact(
        _ request: [UInt8], isolation: isolated (any Actor)?
    ) async throws(ATTBearerError) -> [UInt8] {
        try await perform(isolation: isolation) { state, id in state.submitRequest(id: id, pdu: request) }.get()
    }

    private func perform(
        isolation: isolated (any Actor)?,
        _ submit: (inout ATTBearerState, ATTBearerState.OperationID) -> [ATTBearerState.Action]
    ) async -> Result<[UInt8], ATTBearerError> {
        let id = nextID
        nextID += 1
        return await withUnsafeContinuation(isolation: isolation) { continuation in
            waiters[id] = .task(continuation)
            run(submit(&state, id), isolation: isolation)
        }
    }

    private func run(_ actions: [ATTBearerState.Action], isolation: isolated (any Actor)?) {
        for action in actions {
            switch action {
            case .send(let pdu):
                transmit(pdu)
            case .startTimer(let id):
                if timers.arm(id) { watchTimers(isolation: isolation) }
            case .cancelTimer(let id):
                timers.disarm(id)
            case .complete(let id, let result):
                waiters.removeValue(forKey: id)?.complete(result)
            case .deliver(let delivery):
                deliver(delivery, isolation: isolation)
            case .mtuChanged(let mtu):
                mtuHandler?(mtu)
            case .drop(let reason):
                logger.debug("dropped ATT PDU: \(reason)")
            case .closed(let error):
                logger.notice("ATT bearer closed: \(error)")
                closeHandler?(error)
            }
        }
        if !state.isOpen { timerWatch?.cancel() }
    }

    private func watchTimers(isolation: isolated (any Actor)?) {
        timerWatch = Task { [weak self, timers] in
            _ = isolation
            while let due = await timers.nextDue() {
                for id in due { self?.timerFired(id: id, isolation: isolation) }
            }
        }
    }

    private func timerFired(id: ATTBearerState.OperationID, isolation: isolated (any Actor)?) {
        run(state.timeoutElapsed(id: id), isolation: isolation)
    }

    private func deliver(_ delivery: ATTBearerState.Delivery, isolation: isolated (any Actor)?) {
        switch delivery {
        case .request(let request):
            guard let requestHandler else {
                answer(request, with: .requestNotSupported, isolation: isolation)
                return
            }
            guard let response = requestHandler(request), state.peerRequest == request.opcode else { return }
            do {
                try respond(response, isolation: isolation)
            } catch {
                logger.error("answer to \(request.opcode.name) not sent: \(error)")
                answer(request, with: .unlikelyError, isolation: isolation)
            }
        case .command(let command):
            commandHandler?(command)
        case .notification(let notification):
            notificationHandler?(notification)
        case .indication(let indication):
            if indicationHandler?(indication) ?? true, state.peerIndicationUnconfirmed {
                run((try? state.confirmIndication()) ?? [], isolation: isolation)
            }
        }
    }

    private func answer(_ request: ATTPDU, with error: ATTErrorCode, isolation: isolated (any Actor)?) {
        run((try? state.respond(error: error, handle: .invalid)) ?? [], isolation: isolation)
    }
}
