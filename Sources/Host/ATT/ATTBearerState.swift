import HCI

/// The ATT protocol rules for one bearer on one connection, in both roles at once; pure, so the driver alone does I/O.
///
/// At most one request and one indication of ours are outstanding (others queue, bounded); the
/// peer's requests and indications are handed up one at a time; a transaction that gets no answer
/// within the timeout closes the bearer.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3.2 and 3.3.3.
struct ATTBearerState {
    /// The driver's name for one request or indication of ours.
    typealias OperationID = UInt64

    /// What the driver must do.
    enum Action: Equatable {
        /// Transmit a PDU on the bearer's channel.
        case send([UInt8])
        /// Start the transaction timer of a request or indication that was just sent.
        case startTimer(OperationID)
        /// Stop the transaction timer of a request or indication that is finished.
        case cancelTimer(OperationID)
        /// Finish a request (with its response PDU) or an indication (with the confirmation PDU), or fail it.
        case complete(OperationID, Result<[UInt8], ATTBearerError>)
        /// Hand a PDU from the peer to the layer above.
        case deliver(Delivery)
        /// The bearer's ATT_MTU changed after an Exchange MTU.
        case mtuChanged(Int)
        /// Log and forget a PDU from the peer.
        case drop(DropReason)
        /// The bearer closed because a transaction timed out; the owner should disconnect the link.
        case closed(ATTBearerError)
    }

    /// A PDU from the peer that the layer above handles.
    enum Delivery: Equatable {
        /// A request to answer with ``ATTBearerState/respond(_:)``.
        case request(ATTPDU)
        /// A command, which nothing answers.
        case command(ATTPDU)
        /// A Handle Value Notification or Multiple Handle Value Notification.
        case notification(ATTPDU)
        /// An indication to confirm with ``ATTBearerState/confirmIndication()``.
        case indication(ATTHandleValueIndication)
    }

    /// Why a PDU from the peer was dropped.
    enum DropReason: Equatable, CustomStringConvertible {
        /// The SDU was empty: no opcode.
        case empty
        /// The bearer is closed.
        case bearerClosed(ATTOpcode)
        /// A response or Error Response arrived with no request of ours outstanding, or for another request.
        case unexpectedResponse(ATTOpcode)
        /// A confirmation arrived with no indication of ours outstanding.
        case unexpectedConfirmation
        /// A request arrived before we answered the previous one.
        case requestBeforeResponse(ATTOpcode, pending: ATTOpcode)
        /// An indication arrived before we confirmed the previous one.
        case indicationBeforeConfirmation
        /// A command with an opcode the specification does not define.
        case unknownCommand(ATTOpcode)
        /// A command, notification, indication or confirmation that could not be decoded.
        case malformed(ATTOpcode, DecodeError)

        var description: String {
            switch self {
            case .empty: "empty ATT PDU"
            case .bearerClosed(let opcode): "\(opcode.name) on a closed bearer"
            case .unexpectedResponse(let opcode): "\(opcode.name) answers no outstanding request"
            case .unexpectedConfirmation: "confirmation with no outstanding indication"
            case .requestBeforeResponse(let opcode, let pending):
                "\(opcode.name) before the response to \(pending.name)"
            case .indicationBeforeConfirmation: "indication before the previous one was confirmed"
            case .unknownCommand(let opcode): "unknown command \(opcode)"
            case .malformed(let opcode, let error): "malformed \(opcode.name): \(error)"
            }
        }
    }

    private enum Phase: Equatable {
        case open
        case closed(failure: ATTBearerError)
    }

    private struct Request {
        var id: OperationID
        var pdu: [UInt8]
        var opcode: ATTOpcode
        var responseOpcode: ATTOpcode
        var clientRxMTU: Int?
    }

    private struct Indication {
        var id: OperationID
        var handle: AttributeHandle
        var value: [UInt8]
    }

    /// The largest PDU this side can receive, offered in Exchange MTU.
    let localMTU: Int
    /// How many requests may wait behind the outstanding one.
    let requestQueueLimit: Int
    /// How many indications may wait behind the outstanding one.
    let indicationQueueLimit: Int
    /// The bearer's ATT_MTU: the largest PDU either side sends.
    private(set) var mtu = ATTBearer.minimumMTU
    /// Whether we have sent an Exchange MTU Request, which a client sends once.
    private(set) var mtuExchangeRequested = false
    /// The opcode of the peer's request that we have not answered yet.
    private(set) var peerRequest: ATTOpcode?
    /// Whether the peer's last indication still waits for our confirmation.
    private(set) var peerIndicationUnconfirmed = false

    private var phase = Phase.open
    private var outstandingRequest: Request?
    private var waitingRequests: [Request] = []
    private var outstandingIndication: Indication?
    private var waitingIndications: [Indication] = []

    /// Makes an open bearer; `localMTU` is clamped to 23...517 and the queue limits to at least 0.
    init(localMTU: Int = ATTBearer.maximumMTU, requestQueueLimit: Int = 32, indicationQueueLimit: Int = 32) {
        self.localMTU = Self.clamp(localMTU)
        self.requestQueueLimit = max(requestQueueLimit, 0)
        self.indicationQueueLimit = max(indicationQueueLimit, 0)
    }

    /// Whether PDUs can still be sent and received.
    var isOpen: Bool { phase == .open }

    /// Requests and indications of ours sent or waiting, not yet finished.
    var pendingOperationCount: Int {
        (outstandingRequest == nil ? 0 : 1) + waitingRequests.count
            + (outstandingIndication == nil ? 0 : 1) + waitingIndications.count
    }

    // MARK: Our requests and indications

    /// Sends a request now, or queues it behind the outstanding one; it finishes with its response
    /// PDU or an Error Response for its opcode. A request larger than ATT_MTU fails at once.
    mutating func submitRequest<R: ATTRequest>(id: OperationID, _ request: R) -> [Action] {
        submitRequest(id: id, pdu: request.encodedPDU)
    }

    /// Sends the encoded request `pdu` now, or queues it behind the outstanding one; the response is the
    /// PDU whose opcode is one more than the request's. A request larger than ATT_MTU fails at once.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.3 and 3.4.8.
    mutating func submitRequest(id: OperationID, pdu: [UInt8]) -> [Action] {
        if case .closed(let failure) = phase { return [.complete(id, .failure(failure))] }
        guard let first = pdu.first, ATTOpcode(rawValue: first).kind == .request else {
            preconditionFailure("submitRequest takes a request PDU")
        }
        guard pdu.count <= mtu else { return [.complete(id, .failure(.mtuExceeded))] }
        let opcode = ATTOpcode(rawValue: first)
        let clientRxMTU = (try? ATTExchangeMTURequest(decodingPDU: pdu)).map { Int($0.clientRxMTU) }
        if clientRxMTU != nil { mtuExchangeRequested = true }
        let pending = Request(
            id: id, pdu: pdu, opcode: opcode, responseOpcode: ATTOpcode(rawValue: first &+ 1),
            clientRxMTU: clientRxMTU)
        guard outstandingRequest != nil else { return start(pending) }
        guard waitingRequests.count < requestQueueLimit else { return [.complete(id, .failure(.queueFull))] }
        waitingRequests.append(pending)
        return []
    }

    /// Sends a Handle Value Indication now, or queues it behind the outstanding one; a value longer
    /// than ATT_MTU - 3 is cut to fit when it is sent.
    mutating func submitIndication(id: OperationID, handle: AttributeHandle, value: [UInt8]) -> [Action] {
        if case .closed(let failure) = phase { return [.complete(id, .failure(failure))] }
        let indication = Indication(id: id, handle: handle, value: value)
        guard outstandingIndication != nil else { return start(indication) }
        guard waitingIndications.count < indicationQueueLimit else { return [.complete(id, .failure(.queueFull))] }
        waitingIndications.append(indication)
        return []
    }

    /// Sends a Handle Value Notification, its value cut to ATT_MTU - 3 bytes.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.1.
    mutating func notification(handle: AttributeHandle, value: [UInt8]) throws(ATTBearerError) -> [Action] {
        try requireOpen()
        return [.send(ATTHandleValueNotification(handle: handle, value: value.cut(to: mtu - 3)).encodedPDU)]
    }

    /// Sends a command, which must fit in ATT_MTU.
    mutating func command(_ pdu: [UInt8]) throws(ATTBearerError) -> [Action] {
        try requireOpen()
        guard pdu.count <= mtu else { throw .mtuExceeded }
        return [.send(pdu)]
    }

    // MARK: Answers to the peer

    /// Answers the peer's pending request with its response or an Error Response for its opcode.
    ///
    /// A Read, Read Blob or Read Multiple Response is cut to ATT_MTU; any other response must fit.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.4, 3.4.4.6 and 3.4.4.8.
    mutating func respond(_ pdu: [UInt8]) throws(ATTBearerError) -> [Action] {
        try requireOpen()
        guard let request = peerRequest, let first = pdu.first else { throw .unmatchedAnswer }
        let opcode = ATTOpcode(rawValue: first)
        let answers =
            opcode == .errorResponse
            ? pdu.count > 1 && pdu[1] == request.rawValue
            : opcode.kind == .response && opcode.rawValue == request.rawValue &+ 1
        guard answers else { throw .unmatchedAnswer }
        var pdu = pdu
        if pdu.count > mtu {
            guard [.readResponse, .readBlobResponse, .readMultipleResponse].contains(opcode) else {
                throw .mtuExceeded
            }
            pdu.removeLast(pdu.count - mtu)
        }
        peerRequest = nil
        return [.send(pdu)]
    }

    /// Answers the peer's pending request with an Error Response for its opcode.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.1.1.
    mutating func respond(error: ATTErrorCode, handle: AttributeHandle) throws(ATTBearerError) -> [Action] {
        try requireOpen()
        guard let request = peerRequest else { throw .unmatchedAnswer }
        return try respond(ATTErrorResponse(requestOpcode: request, handle: handle, error: error).encodedPDU)
    }

    /// Confirms the peer's last indication.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.3.
    mutating func confirmIndication() throws(ATTBearerError) -> [Action] {
        try requireOpen()
        guard peerIndicationUnconfirmed else { throw .unmatchedAnswer }
        peerIndicationUnconfirmed = false
        return [.send(ATTHandleValueConfirmation().encodedPDU)]
    }

    // MARK: Receiving

    /// Takes one PDU from the peer: completes our transactions, hands up the peer's, answers what
    /// the bearer answers itself (Exchange MTU, unknown and malformed requests) and drops the rest.
    mutating func received(_ bytes: ArraySlice<UInt8>) -> [Action] {
        guard let first = bytes.first else { return [.drop(.empty)] }
        let opcode = ATTOpcode(rawValue: first)
        guard isOpen else { return [.drop(.bearerClosed(opcode))] }
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU(decoding: bytes)
        } catch {
            return receivedMalformed(opcode, error)
        }
        switch pdu {
        case .handleValueIndication(let indication):
            guard !peerIndicationUnconfirmed else { return [.drop(.indicationBeforeConfirmation)] }
            peerIndicationUnconfirmed = true
            return [.deliver(.indication(indication))]
        case .handleValueConfirmation:
            guard let indication = outstandingIndication else { return [.drop(.unexpectedConfirmation)] }
            outstandingIndication = nil
            return [.cancelTimer(indication.id), .complete(indication.id, .success(Array(bytes)))]
                + startNextIndication()
        case .handleValueNotification, .multipleHandleValueNotification:
            return [.deliver(.notification(pdu))]
        case .unknown where opcode.kind == .command:
            return [.drop(.unknownCommand(opcode))]
        default:
            break
        }
        switch opcode.kind {
        case .request: return receivedRequest(pdu)
        case .response: return receivedResponse(pdu, bytes: Array(bytes))
        default: return [.deliver(.command(pdu))]
        }
    }

    private mutating func receivedRequest(_ pdu: ATTPDU) -> [Action] {
        if let pending = peerRequest { return [.drop(.requestBeforeResponse(pdu.opcode, pending: pending))] }
        switch pdu {
        case .unknown(let opcode, _):
            return [.send(Self.errorResponse(to: opcode, .requestNotSupported))]
        case .exchangeMTURequest(let request):
            let response = ATTExchangeMTUResponse(serverRxMTU: UInt16(localMTU))
            return [.send(response.encodedPDU)] + setMTU(min(Int(request.clientRxMTU), localMTU))
        default:
            peerRequest = pdu.opcode
            return [.deliver(.request(pdu))]
        }
    }

    private mutating func receivedResponse(_ pdu: ATTPDU, bytes: [UInt8]) -> [Action] {
        guard let request = outstandingRequest else { return [.drop(.unexpectedResponse(pdu.opcode))] }
        // No PDU may be longer than ATT_MTU (Vol 3, Part F, 3.2.9): a longer answer is not a response to trust.
        if bytes.count > mtu, pdu.opcode == request.responseOpcode || pdu.opcode == .errorResponse {
            return finishRequest(.failure(.malformedResponse))
        }
        switch pdu {
        case .errorResponse(let error) where error.requestOpcode == request.opcode:
            return finishRequest(.failure(.errorResponse(error)))
        case .exchangeMTUResponse(let response) where request.responseOpcode == .exchangeMTUResponse:
            let clientRxMTU = request.clientRxMTU ?? localMTU
            return setMTU(min(clientRxMTU, Int(response.serverRxMTU))) + finishRequest(.success(bytes))
        case _ where pdu.opcode == request.responseOpcode:
            return finishRequest(.success(bytes))
        default:
            return [.drop(.unexpectedResponse(pdu.opcode))]
        }
    }

    private mutating func receivedMalformed(_ opcode: ATTOpcode, _ error: DecodeError) -> [Action] {
        switch opcode.kind {
        case .request:
            if let pending = peerRequest { return [.drop(.requestBeforeResponse(opcode, pending: pending))] }
            return [.send(Self.errorResponse(to: opcode, .invalidPDU))]
        case .response:
            guard let request = outstandingRequest, opcode == request.responseOpcode || opcode == .errorResponse else {
                return [.drop(.unexpectedResponse(opcode))]
            }
            return finishRequest(.failure(.malformedResponse))
        case .command, .notification, .indication, .confirmation:
            return [.drop(.malformed(opcode, error))]
        }
    }

    // MARK: Ending

    /// The transaction timer of a request or indication ran out: the bearer closes and every
    /// pending operation fails with ``ATTBearerError/timeout``; later ones fail with ``ATTBearerError/closed``.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.3.3.
    mutating func timeoutElapsed(id: OperationID) -> [Action] {
        guard isOpen, outstandingRequest?.id == id || outstandingIndication?.id == id else { return [] }
        return shutDown(failing: .timeout, thereafter: .closed) + [.closed(.timeout)]
    }

    /// The link went down: every pending operation, and every later one, fails with the reason.
    mutating func disconnected(reason: HCIStatus) -> [Action] {
        shutDown(failing: .disconnected(reason: reason), thereafter: .disconnected(reason: reason))
    }

    /// The owner closes the bearer: every pending operation, and every later one, fails with ``ATTBearerError/closed``.
    mutating func close() -> [Action] {
        guard isOpen else { return [] }
        return shutDown(failing: .closed, thereafter: .closed)
    }

    // MARK: Helpers

    private func requireOpen() throws(ATTBearerError) {
        if case .closed(let failure) = phase { throw failure }
    }

    private mutating func start(_ request: Request) -> [Action] {
        outstandingRequest = request
        return [.send(request.pdu), .startTimer(request.id)]
    }

    private mutating func start(_ indication: Indication) -> [Action] {
        outstandingIndication = indication
        let value = indication.value.cut(to: mtu - 3)
        return [
            .send(ATTHandleValueIndication(handle: indication.handle, value: value).encodedPDU),
            .startTimer(indication.id),
        ]
    }

    private mutating func finishRequest(_ result: Result<[UInt8], ATTBearerError>) -> [Action] {
        guard let request = outstandingRequest else { return [] }
        outstandingRequest = nil
        var actions: [Action] = [.cancelTimer(request.id), .complete(request.id, result)]
        if !waitingRequests.isEmpty { actions += start(waitingRequests.removeFirst()) }
        return actions
    }

    private mutating func startNextIndication() -> [Action] {
        guard !waitingIndications.isEmpty else { return [] }
        return start(waitingIndications.removeFirst())
    }

    private mutating func setMTU(_ proposed: Int) -> [Action] {
        let new = Self.clamp(proposed)
        guard new != mtu else { return [] }
        mtu = new
        return [.mtuChanged(new)]
    }

    private mutating func shutDown(failing failure: ATTBearerError, thereafter: ATTBearerError) -> [Action] {
        var actions: [Action] = []
        for request in [outstandingRequest].compactMap({ $0 }) {
            actions += [.cancelTimer(request.id), .complete(request.id, .failure(failure))]
        }
        for indication in [outstandingIndication].compactMap({ $0 }) {
            actions += [.cancelTimer(indication.id), .complete(indication.id, .failure(failure))]
        }
        actions += waitingRequests.map { .complete($0.id, .failure(failure)) }
        actions += waitingIndications.map { .complete($0.id, .failure(failure)) }
        outstandingRequest = nil
        outstandingIndication = nil
        waitingRequests = []
        waitingIndications = []
        peerRequest = nil
        peerIndicationUnconfirmed = false
        phase = .closed(failure: thereafter)
        return actions
    }

    private static func clamp(_ mtu: Int) -> Int {
        min(max(mtu, ATTBearer.minimumMTU), ATTBearer.maximumMTU)
    }

    private static func errorResponse(to opcode: ATTOpcode, _ error: ATTErrorCode) -> [UInt8] {
        ATTErrorResponse(requestOpcode: opcode, handle: .invalid, error: error).encodedPDU
    }
}
