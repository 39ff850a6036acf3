import HCI
import Testing

@testable import Host

@Suite("ATT bearer state: one transaction each way, timeouts, MTU, the peer's mistakes", .timeLimit(.minutes(2)))
struct ATTBearerStateTests {
    typealias Action = ATTBearerState.Action

    static let read1 = ATTReadRequest(handle: .init(rawValue: 0x0001))
    static let read2 = ATTReadRequest(handle: .init(rawValue: 0x0002))

    static func received(_ state: inout ATTBearerState, _ pdu: some ATTPDUCodable) -> [Action] {
        state.received(pdu.encodedPDU[...])
    }

    static func received(_ state: inout ATTBearerState, _ bytes: [UInt8]) -> [Action] {
        state.received(bytes[...])
    }

    /// A bearer whose ATT_MTU is `mtu`, reached by answering the peer's Exchange MTU Request.
    static func bearer(mtu: Int) -> ATTBearerState {
        var state = ATTBearerState(localMTU: mtu)
        _ = received(&state, ATTExchangeMTURequest(clientRxMTU: UInt16(mtu)))
        return state
    }

    // MARK: Our requests

    @Test("a request is sent at once and its transaction timer started")
    func requestSent() {
        var state = ATTBearerState()
        #expect(state.submitRequest(id: 1, Self.read1) == [.send(Self.read1.encodedPDU), .startTimer(1)])
    }

    @Test("a second request waits and goes out when the first one's response arrives")
    func oneRequestAtATime() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        #expect(state.submitRequest(id: 2, Self.read2) == [])
        let response = ATTReadResponse(value: [0xAA]).encodedPDU
        #expect(
            Self.received(&state, response) == [
                .cancelTimer(1), .complete(1, .success(response)), .send(Self.read2.encodedPDU), .startTimer(2),
            ])
    }

    @Test("an Error Response for the outstanding request's opcode fails it with the peer's error")
    func errorResponseFailsRequest() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        let error = ATTErrorResponse(requestOpcode: .readRequest, handle: .init(rawValue: 1), error: .readNotPermitted)
        #expect(Self.received(&state, error) == [.cancelTimer(1), .complete(1, .failure(.errorResponse(error)))])
    }

    @Test("a response with no request outstanding is dropped")
    func unsolicitedResponseDropped() {
        var state = ATTBearerState()
        #expect(Self.received(&state, ATTReadResponse(value: [1])) == [.drop(.unexpectedResponse(.readResponse))])
    }

    @Test("a response or Error Response for another request is dropped and the request stays outstanding")
    func wrongResponseDropped() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        #expect(Self.received(&state, ATTWriteResponse()) == [.drop(.unexpectedResponse(.writeResponse))])
        let error = ATTErrorResponse(requestOpcode: .writeRequest, handle: .invalid, error: .unlikelyError)
        #expect(Self.received(&state, error) == [.drop(.unexpectedResponse(.errorResponse))])
        #expect(state.pendingOperationCount == 1)
        let response = ATTReadResponse(value: []).encodedPDU
        #expect(Self.received(&state, response) == [.cancelTimer(1), .complete(1, .success(response))])
    }

    @Test("a response longer than ATT_MTU fails the outstanding request as malformed (Vol 3, Part F, 3.2.9)")
    func oversizedResponseFailsRequest() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        let oversized = ATTReadResponse(value: [UInt8](repeating: 0xEE, count: 600))
        #expect(Self.received(&state, oversized) == [.cancelTimer(1), .complete(1, .failure(.malformedResponse))])
        let full = ATTReadResponse(value: [UInt8](repeating: 0xEE, count: ATTBearer.minimumMTU - 1))
        _ = state.submitRequest(id: 2, Self.read1)
        #expect(Self.received(&state, full) == [.cancelTimer(2), .complete(2, .success(full.encodedPDU))])
    }

    @Test("a malformed response to the outstanding request fails it as malformed")
    func malformedResponseFailsRequest() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, ATTExchangeMTURequest(clientRxMTU: 100))
        #expect(Self.received(&state, [0x03, 0x40]) == [.cancelTimer(1), .complete(1, .failure(.malformedResponse))])
    }

    @Test("requests beyond the queue limit fail with queueFull")
    func requestQueueBounded() {
        var state = ATTBearerState(requestQueueLimit: 1)
        _ = state.submitRequest(id: 1, Self.read1)
        #expect(state.submitRequest(id: 2, Self.read1) == [])
        #expect(state.submitRequest(id: 3, Self.read1) == [.complete(3, .failure(.queueFull))])
    }

    @Test("a request larger than ATT_MTU fails with mtuExceeded and is not sent")
    func requestOverMTURejected() {
        var state = ATTBearerState()
        let write = ATTWriteRequest(handle: .init(rawValue: 1), value: Array(repeating: 0, count: 21))
        #expect(state.submitRequest(id: 1, write) == [.complete(1, .failure(.mtuExceeded))])
        let fits = ATTWriteRequest(handle: .init(rawValue: 1), value: Array(repeating: 0, count: 20))
        #expect(state.submitRequest(id: 2, fits) == [.send(fits.encodedPDU), .startTimer(2)])
    }

    @Test("a command larger than ATT_MTU is refused; one that fits is sent")
    func commandOverMTURejected() throws {
        var state = ATTBearerState()
        let big = ATTWriteCommand(handle: .init(rawValue: 1), value: Array(repeating: 0, count: 21))
        #expect(throws: ATTBearerError.mtuExceeded) { try state.command(big.encodedPDU) }
        let fits = ATTWriteCommand(handle: .init(rawValue: 1), value: Array(repeating: 0, count: 20))
        #expect(try state.command(fits.encodedPDU) == [.send(fits.encodedPDU)])
    }

    // MARK: Our indications and notifications

    @Test("a second indication waits for the confirmation of the first")
    func oneIndicationAtATime() {
        var state = ATTBearerState()
        let first = ATTHandleValueIndication(handle: .init(rawValue: 3), value: [1])
        let second = ATTHandleValueIndication(handle: .init(rawValue: 3), value: [2])
        #expect(
            state.submitIndication(id: 1, handle: first.handle, value: first.value) == [
                .send(first.encodedPDU), .startTimer(1),
            ])
        #expect(state.submitIndication(id: 2, handle: second.handle, value: second.value) == [])
        let confirmation = ATTHandleValueConfirmation().encodedPDU
        #expect(
            Self.received(&state, confirmation) == [
                .cancelTimer(1), .complete(1, .success(confirmation)), .send(second.encodedPDU), .startTimer(2),
            ])
    }

    @Test("indications beyond the queue limit fail with queueFull")
    func indicationQueueBounded() {
        var state = ATTBearerState(indicationQueueLimit: 0)
        _ = state.submitIndication(id: 1, handle: .init(rawValue: 3), value: [])
        #expect(
            state.submitIndication(id: 2, handle: .init(rawValue: 3), value: []) == [
                .complete(2, .failure(.queueFull))
            ])
    }

    @Test("a confirmation with no indication outstanding is dropped")
    func unexpectedConfirmationDropped() {
        var state = ATTBearerState()
        #expect(Self.received(&state, ATTHandleValueConfirmation()) == [.drop(.unexpectedConfirmation)])
    }

    @Test("a request and an indication of ours are outstanding at the same time")
    func requestAndIndicationIndependent() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        #expect(state.submitIndication(id: 2, handle: .init(rawValue: 3), value: [9]).contains(.startTimer(2)))
        #expect(state.pendingOperationCount == 2)
    }

    @Test("a notification's value is cut to ATT_MTU - 3 bytes", arguments: [23, 100, 517])
    func notificationTruncated(mtu: Int) throws {
        var state = Self.bearer(mtu: mtu)
        let value = Array(0..<UInt8(255)) + Array(0..<UInt8(255)) + Array(0..<UInt8(100))
        let expected = ATTHandleValueNotification(handle: .init(rawValue: 7), value: Array(value.prefix(mtu - 3)))
        let actions = try state.notification(handle: .init(rawValue: 7), value: value)
        #expect(actions == [.send(expected.encodedPDU)])
        #expect(expected.encodedPDU.count == mtu)
    }

    @Test("an indication's value is cut to ATT_MTU - 3 bytes")
    func indicationTruncated() {
        var state = ATTBearerState()
        let actions = state.submitIndication(id: 1, handle: .init(rawValue: 7), value: Array(repeating: 5, count: 40))
        let expected = ATTHandleValueIndication(handle: .init(rawValue: 7), value: Array(repeating: 5, count: 20))
        #expect(actions == [.send(expected.encodedPDU), .startTimer(1)])
    }

    // MARK: The peer's requests

    @Test("the peer's request is handed up and answered with its response")
    func peerRequestAnswered() throws {
        var state = ATTBearerState()
        let request = ATTReadRequest(handle: .init(rawValue: 5))
        #expect(Self.received(&state, request) == [.deliver(.request(.readRequest(request)))])
        let response = ATTReadResponse(value: [1, 2]).encodedPDU
        #expect(try state.respond(response) == [.send(response)])
        #expect(state.peerRequest == nil)
    }

    @Test("a second request from the peer before our response is dropped; after it, the next is taken")
    func secondPeerRequestDropped() throws {
        var state = ATTBearerState()
        _ = Self.received(&state, ATTReadRequest(handle: .init(rawValue: 5)))
        let write = ATTWriteRequest(handle: .init(rawValue: 6), value: [1])
        #expect(Self.received(&state, write) == [.drop(.requestBeforeResponse(.writeRequest, pending: .readRequest))])
        #expect(Self.received(&state, [0x0A]) == [.drop(.requestBeforeResponse(.readRequest, pending: .readRequest))])
        _ = try state.respond(error: .readNotPermitted, handle: .init(rawValue: 5))
        #expect(Self.received(&state, write) == [.deliver(.request(.writeRequest(write)))])
    }

    @Test("an Error Response answers the pending request with its opcode and the handle given")
    func errorResponseToPeer() throws {
        var state = ATTBearerState()
        _ = Self.received(&state, ATTReadRequest(handle: .init(rawValue: 5)))
        let expected = ATTErrorResponse(
            requestOpcode: .readRequest, handle: .init(rawValue: 5), error: .readNotPermitted)
        #expect(try state.respond(error: .readNotPermitted, handle: .init(rawValue: 5)) == [.send(expected.encodedPDU)])
    }

    @Test("an answer with no request pending, or for another request, is refused")
    func unmatchedAnswerRefused() {
        var state = ATTBearerState()
        #expect(throws: ATTBearerError.unmatchedAnswer) { try state.respond(ATTReadResponse(value: []).encodedPDU) }
        #expect(throws: ATTBearerError.unmatchedAnswer) { try state.confirmIndication() }
        _ = Self.received(&state, ATTReadRequest(handle: .init(rawValue: 5)))
        #expect(throws: ATTBearerError.unmatchedAnswer) { try state.respond(ATTWriteResponse().encodedPDU) }
        let wrongError = ATTErrorResponse(requestOpcode: .writeRequest, handle: .invalid, error: .unlikelyError)
        #expect(throws: ATTBearerError.unmatchedAnswer) { try state.respond(wrongError.encodedPDU) }
        #expect(state.peerRequest == .readRequest)
    }

    @Test("a Read Response longer than ATT_MTU is cut to ATT_MTU")
    func readResponseTruncated() throws {
        var state = ATTBearerState()
        _ = Self.received(&state, ATTReadRequest(handle: .init(rawValue: 5)))
        let long = ATTReadResponse(value: Array(repeating: 7, count: 40)).encodedPDU
        #expect(try state.respond(long) == [.send(Array(long.prefix(23)))])
    }

    @Test("another response longer than ATT_MTU is refused and the request still waits")
    func otherResponseOverMTURefused() throws {
        var state = ATTBearerState()
        _ = Self.received(
            &state,
            ATTReadByTypeRequest(
                startingHandle: .min, endingHandle: .max, attributeType: BluetoothUUID(uuid16: 0x2803)))
        let data = (1...6).map { ATTReadByTypeResponse.AttributeData(handle: .init(rawValue: $0), value: [1, 2]) }
        let response = ATTReadByTypeResponse(attributeData: data).encodedPDU
        #expect(throws: ATTBearerError.mtuExceeded) { try state.respond(response) }
        #expect(state.peerRequest == .readByTypeRequest)
    }

    @Test("an unknown request is answered with Request Not Supported, its opcode and handle 0")
    func unknownRequestNotSupported() {
        var state = ATTBearerState()
        let expected = ATTErrorResponse(
            requestOpcode: .init(rawValue: 0x3F), handle: .invalid, error: .requestNotSupported)
        #expect(Self.received(&state, [0x3F, 0x01, 0x02]) == [.send(expected.encodedPDU)])
        #expect(state.peerRequest == nil)
    }

    @Test("an unknown command is ignored")
    func unknownCommandIgnored() {
        var state = ATTBearerState()
        #expect(Self.received(&state, [0x7F, 0x01]) == [.drop(.unknownCommand(.init(rawValue: 0x7F)))])
    }

    @Test("a malformed request is answered with Invalid PDU, its opcode and handle 0")
    func malformedRequestInvalidPDU() {
        var state = ATTBearerState()
        let expected = ATTErrorResponse(requestOpcode: .readRequest, handle: .invalid, error: .invalidPDU)
        #expect(Self.received(&state, [0x0A, 0x01]) == [.send(expected.encodedPDU)])
        #expect(state.peerRequest == nil)
    }

    @Test("a malformed command is ignored")
    func malformedCommandIgnored() {
        var state = ATTBearerState()
        #expect(
            Self.received(&state, [0x52, 0x01]) == [
                .drop(.malformed(.writeCommand, .truncated(needed: 2, available: 1)))
            ])
    }

    @Test("commands and notifications from the peer are handed up")
    func commandsAndNotificationsDelivered() {
        var state = ATTBearerState()
        let command = ATTWriteCommand(handle: .init(rawValue: 9), value: [1])
        let notification = ATTHandleValueNotification(handle: .init(rawValue: 9), value: [2])
        #expect(Self.received(&state, command) == [.deliver(.command(.writeCommand(command)))])
        #expect(
            Self.received(&state, notification) == [.deliver(.notification(.handleValueNotification(notification)))])
    }

    @Test("an indication from the peer before we confirmed the previous one is dropped")
    func peerIndicationBeforeConfirmationDropped() throws {
        var state = ATTBearerState()
        let indication = ATTHandleValueIndication(handle: .init(rawValue: 9), value: [1])
        #expect(Self.received(&state, indication) == [.deliver(.indication(indication))])
        #expect(Self.received(&state, indication) == [.drop(.indicationBeforeConfirmation)])
        #expect(try state.confirmIndication() == [.send([0x1E])])
        #expect(Self.received(&state, indication) == [.deliver(.indication(indication))])
    }

    @Test("an empty PDU is dropped")
    func emptyDropped() {
        var state = ATTBearerState()
        #expect(Self.received(&state, []) == [.drop(.empty)])
    }

    // MARK: MTU

    @Test(
        "Exchange MTU as server: answered with our Rx MTU; ATT_MTU is the smaller, within 23...517",
        arguments: [(100, 517, 100), (517, 200, 200), (10, 517, 23), (1000, 600, 517), (23, 23, 23)])
    func serverMTUExchange(clientRxMTU: Int, localMTU: Int, expected: Int) {
        var state = ATTBearerState(localMTU: localMTU)
        let actions = Self.received(&state, ATTExchangeMTURequest(clientRxMTU: UInt16(clientRxMTU)))
        let response = ATTExchangeMTUResponse(serverRxMTU: UInt16(min(localMTU, 517))).encodedPDU
        #expect(actions.first == .send(response))
        #expect(actions.dropFirst() == (expected == 23 ? [] : [.mtuChanged(expected)]))
        #expect(state.mtu == expected)
    }

    @Test(
        "Exchange MTU as client: ATT_MTU is the smaller Rx MTU, within 23...517",
        arguments: [(517, 247, 247), (185, 517, 185), (517, 5, 23), (517, 0xFFFF, 517)])
    func clientMTUExchange(clientRxMTU: Int, serverRxMTU: Int, expected: Int) {
        var state = ATTBearerState(localMTU: clientRxMTU)
        _ = state.submitRequest(id: 1, ATTExchangeMTURequest(clientRxMTU: UInt16(clientRxMTU)))
        #expect(state.mtuExchangeRequested)
        let response = ATTExchangeMTUResponse(serverRxMTU: UInt16(serverRxMTU)).encodedPDU
        let actions = Self.received(&state, response)
        #expect(actions.last == .complete(1, .success(response)))
        #expect(state.mtu == expected)
    }

    @Test("an Error Response to Exchange MTU leaves ATT_MTU at 23")
    func mtuExchangeRefused() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, ATTExchangeMTURequest(clientRxMTU: 517))
        _ = Self.received(
            &state, ATTErrorResponse(requestOpcode: .exchangeMTURequest, handle: .invalid, error: .requestNotSupported))
        #expect(state.mtu == 23)
    }

    // MARK: Timeout, closure and disconnection

    @Test("a transaction timeout closes the bearer and fails every pending operation with timeout")
    func timeoutClosesBearer() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        _ = state.submitRequest(id: 2, Self.read2)
        _ = state.submitIndication(id: 3, handle: .init(rawValue: 3), value: [])
        _ = state.submitIndication(id: 4, handle: .init(rawValue: 3), value: [])
        #expect(
            state.timeoutElapsed(id: 1) == [
                .cancelTimer(1), .complete(1, .failure(.timeout)),
                .cancelTimer(3), .complete(3, .failure(.timeout)),
                .complete(2, .failure(.timeout)), .complete(4, .failure(.timeout)),
                .closed(.timeout),
            ])
        #expect(!state.isOpen)
        #expect(state.pendingOperationCount == 0)
    }

    @Test("after a timeout nothing is sent, new operations fail with closed, and received PDUs are dropped")
    func nothingAfterClosure() {
        var state = ATTBearerState()
        _ = state.submitIndication(id: 1, handle: .init(rawValue: 3), value: [])
        _ = state.timeoutElapsed(id: 1)
        #expect(state.submitRequest(id: 2, Self.read1) == [.complete(2, .failure(.closed))])
        #expect(
            state.submitIndication(id: 3, handle: .init(rawValue: 3), value: []) == [
                .complete(3, .failure(.closed))
            ])
        #expect(throws: ATTBearerError.closed) { try state.notification(handle: .init(rawValue: 3), value: []) }
        #expect(Self.received(&state, Self.read1) == [.drop(.bearerClosed(.readRequest))])
    }

    @Test("a timer for an operation already finished changes nothing")
    func staleTimerIgnored() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        _ = Self.received(&state, ATTReadResponse(value: []))
        #expect(state.timeoutElapsed(id: 1) == [])
        #expect(state.isOpen)
    }

    @Test("disconnection fails every pending operation, and later ones, with the reason")
    func disconnectionFailsEverything() {
        var state = ATTBearerState()
        _ = state.submitRequest(id: 1, Self.read1)
        _ = state.submitRequest(id: 2, Self.read2)
        _ = state.submitIndication(id: 3, handle: .init(rawValue: 3), value: [])
        let failure = ATTBearerError.disconnected(reason: .remoteUserTerminatedConnection)
        #expect(
            state.disconnected(reason: .remoteUserTerminatedConnection) == [
                .cancelTimer(1), .complete(1, .failure(failure)),
                .cancelTimer(3), .complete(3, .failure(failure)),
                .complete(2, .failure(failure)),
            ])
        #expect(state.submitRequest(id: 4, Self.read1) == [.complete(4, .failure(failure))])
        #expect(throws: failure) { try state.command(ATTWriteCommand(handle: .min, value: []).encodedPDU) }
    }
}
