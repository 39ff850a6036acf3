import HCI
import Testing

@testable import Host

/// What a bearer under test sent, and what its handlers saw.
@MainActor
final class ATTBearerProbe {
    /// The record the bearer's send closure and handlers write to.
    final class Log {
        var sent: [[UInt8]] = []
        var closures: [ATTBearerError] = []
        var mtuChanges: [Int] = []
    }

    let clock = ManualClock()
    let log: Log
    let bearer: ATTBearer
    var requests: [ATTPDU] = []
    var indications: [ATTHandleValueIndication] = []

    init(localMTU: Int = ATTBearer.maximumMTU) {
        let log = Log()
        self.log = log
        bearer = ATTBearer(localMTU: localMTU, clock: clock) { pdu in log.sent.append(pdu) }
        bearer.closeHandler = { error in log.closures.append(error) }
        bearer.mtuHandler = { mtu in log.mtuChanges.append(mtu) }
    }

    var sent: [[UInt8]] { log.sent }
    var closures: [ATTBearerError] { log.closures }
    var mtuChanges: [Int] { log.mtuChanges }

    /// Lets other tasks on the main actor run until `condition` holds, without sleeping.
    func until(_ condition: () -> Bool) async {
        for _ in 0..<10_000 {
            if condition() { return }
            await Task.yield()
        }
        Issue.record("condition never held")
    }

    /// Waits until `count` PDUs have been sent.
    func sentCount(_ count: Int) async {
        await until { sent.count >= count }
    }

    /// Feeds a PDU from the peer to the bearer.
    func receive(_ pdu: some ATTPDUCodable) {
        bearer.received(pdu.encodedPDU[...])
    }

    /// Feeds raw bytes from the peer to the bearer.
    func receive(_ bytes: [UInt8]) {
        bearer.received(bytes[...])
    }
}

@MainActor
@Suite(
    "ATT bearer driver: typed requests, deferred answers, timers on the clock, disconnection", .timeLimit(.minutes(2)))
struct ATTBearerTests {
    static let handle = AttributeHandle(rawValue: 0x0010)

    /// Sends a read, waits until its timer is armed, and answers it.
    static func answeredRead(on probe: ATTBearerProbe) async throws {
        let sent = probe.sent.count
        let read = Task { try await probe.bearer.send(ATTReadRequest(handle: handle)) }
        await probe.sentCount(sent + 1)
        await probe.clock.waitForSleepers(count: 1)
        probe.receive(ATTReadResponse(value: []))
        _ = try await read.value
    }

    @Test("a request returns its typed response; a second one is sent only after the first completes")
    func requestsOneAtATime() async throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let first = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await probe.sentCount(1)
        let second = Task { try await bearer.send(ATTReadBlobRequest(handle: Self.handle, offset: 22)) }
        await probe.until { bearer.pendingOperationCount == 2 }
        #expect(probe.sent == [ATTReadRequest(handle: Self.handle).encodedPDU])

        probe.receive(ATTReadResponse(value: [1, 2, 3]))
        #expect(try await first.value == ATTReadResponse(value: [1, 2, 3]))
        #expect(probe.sent.last == ATTReadBlobRequest(handle: Self.handle, offset: 22).encodedPDU)
        probe.receive(ATTReadBlobResponse(value: [4]))
        #expect(try await second.value == ATTReadBlobResponse(value: [4]))
    }

    @Test("an Error Response becomes errorResponse with the peer's handle and code")
    func errorResponseMapped() async {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let write = Task { try await bearer.send(ATTWriteRequest(handle: Self.handle, value: [1])) }
        await probe.sentCount(1)
        let error = ATTErrorResponse(requestOpcode: .writeRequest, handle: Self.handle, error: .writeNotPermitted)
        probe.receive(error)
        await #expect(throws: ATTBearerError.errorResponse(error)) { try await write.value }
    }

    @Test("a response nobody asked for is dropped and the outstanding request still gets its own")
    func unsolicitedResponseDropped() async throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        probe.receive(ATTWriteResponse())
        let read = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await probe.sentCount(1)
        probe.receive(ATTWriteResponse())
        #expect(bearer.pendingOperationCount == 1)
        probe.receive(ATTReadResponse(value: [9]))
        #expect(try await read.value == ATTReadResponse(value: [9]))
        #expect(probe.sent.count == 1)
    }

    @Test("a malformed response fails the request with malformedResponse")
    func malformedResponse() async {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let exchange = Task { try await bearer.send(ATTExchangeMTURequest(clientRxMTU: 100)) }
        await probe.sentCount(1)
        probe.receive([0x03, 0x64])
        await #expect(throws: ATTBearerError.malformedResponse) { try await exchange.value }
    }

    @Test("30 s without a response closes the bearer, fails queued operations, and nothing more is sent")
    func transactionTimeout() async {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let first = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await probe.sentCount(1)
        let queued = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await probe.until { bearer.pendingOperationCount == 2 }
        await probe.clock.waitForSleepers(count: 1)

        probe.clock.advance(by: .seconds(29))
        #expect(bearer.isOpen)
        probe.clock.advance(by: .seconds(1))
        await #expect(throws: ATTBearerError.timeout) { try await first.value }
        await #expect(throws: ATTBearerError.timeout) { try await queued.value }
        #expect(!bearer.isOpen)
        #expect(probe.closures == [.timeout])

        await #expect(throws: ATTBearerError.closed) { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await #expect(throws: ATTBearerError.closed) { try await bearer.indicate(handle: Self.handle, value: [1]) }
        #expect(throws: ATTBearerError.closed) { try bearer.notify(handle: Self.handle, value: [1]) }
        probe.receive(ATTReadRequest(handle: Self.handle))
        #expect(probe.sent.count == 1)
    }

    @Test("an indication with no confirmation times out like a request")
    func indicationTimeout() async {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let indication = Task { try await bearer.indicate(handle: Self.handle, value: [1]) }
        await probe.sentCount(1)
        await probe.clock.waitForSleepers(count: 1)
        probe.clock.advance(by: .seconds(30))
        await #expect(throws: ATTBearerError.timeout) { try await indication.value }
        #expect(probe.closures == [.timeout])
    }

    @Test("a completed transaction's timer is cancelled and never closes the bearer")
    func timerCancelledOnCompletion() async throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        try await Self.answeredRead(on: probe)
        probe.clock.advance(by: .seconds(60))
        try await Self.answeredRead(on: probe)
        #expect(bearer.isOpen)
        #expect(probe.closures.isEmpty)
    }

    @Test("a transaction started after another times out 30 s after its own start, not the first one's")
    func laterTransactionKeepsItsOwnDeadline() async throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        try await Self.answeredRead(on: probe)
        probe.clock.advance(by: .seconds(20))
        let second = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await probe.sentCount(2)
        probe.clock.advance(by: .seconds(10))
        await probe.clock.waitForSleepers(count: 1)
        #expect(bearer.isOpen)
        probe.clock.advance(by: .seconds(19))
        await probe.clock.waitForSleepers(count: 1)
        #expect(bearer.isOpen)
        probe.clock.advance(by: .seconds(1))
        await #expect(throws: ATTBearerError.timeout) { try await second.value }
        #expect(probe.closures == [.timeout])
    }

    @Test("disconnection fails the outstanding and queued requests and indications with the reason")
    func disconnectionFailsEverything() async {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let read = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        let queued = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        let indication = Task { try await bearer.indicate(handle: Self.handle, value: [1]) }
        await probe.until { bearer.pendingOperationCount == 3 }

        bearer.disconnected(reason: .connectionTimeout)
        let failure = ATTBearerError.disconnected(reason: .connectionTimeout)
        await #expect(throws: failure) { try await read.value }
        await #expect(throws: failure) { try await queued.value }
        await #expect(throws: failure) { try await indication.value }
        await #expect(throws: failure) { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        #expect(probe.clock.sleeperCount == 0)
        #expect(probe.closures.isEmpty)
    }

    @Test("an indication completes when the peer confirms it")
    func indicationConfirmed() async throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        let indication = Task { try await bearer.indicate(handle: Self.handle, value: [7]) }
        await probe.sentCount(1)
        #expect(probe.sent == [ATTHandleValueIndication(handle: Self.handle, value: [7]).encodedPDU])
        probe.receive(ATTHandleValueConfirmation())
        try await indication.value
    }

    @Test("an indication sent with a handler: the handler hears each confirmation in turn, and the disconnection")
    func indicationHandlers() {
        let probe = ATTBearerProbe()
        var outcomes: [ATTBearerError?] = []
        for value in [UInt8(1), 2, 3] {
            probe.bearer.indicate(handle: Self.handle, value: [value]) { outcomes.append($0) }
        }
        let sentFirst = probe.sent
        probe.receive(ATTHandleValueConfirmation())
        let afterFirst = outcomes.count
        let sentSecond = probe.sent.last
        probe.receive(ATTHandleValueConfirmation())
        probe.bearer.disconnected(reason: .connectionTimeout)
        #expect(sentFirst == [ATTHandleValueIndication(handle: Self.handle, value: [1]).encodedPDU])
        #expect(afterFirst == 1)
        #expect(sentSecond == ATTHandleValueIndication(handle: Self.handle, value: [2]).encodedPDU)
        #expect(outcomes == [nil, nil, .disconnected(reason: .connectionTimeout)])
        #expect(probe.bearer.pendingOperationCount == 0)
    }

    @Test("a request from the peer answered later; a second one before that answer is dropped")
    func deferredResponse() throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        bearer.requestHandler = { request in
            probe.requests.append(request)
            return nil
        }
        probe.receive(ATTReadRequest(handle: Self.handle))
        probe.receive(ATTWriteRequest(handle: Self.handle, value: [1]))
        #expect(probe.requests == [.readRequest(ATTReadRequest(handle: Self.handle))])
        #expect(probe.sent.isEmpty)

        try bearer.respond(ATTReadResponse(value: [5]))
        #expect(probe.sent == [ATTReadResponse(value: [5]).encodedPDU])
        #expect(throws: ATTBearerError.unmatchedAnswer) { try bearer.respond(ATTReadResponse(value: [5])) }
    }

    @Test("a request handler's returned response is sent at once")
    func immediateResponse() {
        let probe = ATTBearerProbe()
        probe.bearer.requestHandler = { _ in .writeResponse(ATTWriteResponse()) }
        probe.receive(ATTWriteRequest(handle: Self.handle, value: [1]))
        #expect(probe.sent == [ATTWriteResponse().encodedPDU])
    }

    @Test("with no request handler the peer's requests get Request Not Supported")
    func noHandlerRequestNotSupported() {
        let probe = ATTBearerProbe()
        probe.receive(ATTReadRequest(handle: Self.handle))
        let expected = ATTErrorResponse(requestOpcode: .readRequest, handle: .invalid, error: .requestNotSupported)
        #expect(probe.sent == [expected.encodedPDU])
    }

    @Test("an unknown request gets Request Not Supported without reaching the handler")
    func unknownRequest() {
        let probe = ATTBearerProbe()
        probe.bearer.requestHandler = { request in
            probe.requests.append(request)
            return nil
        }
        probe.receive([0x30, 0xAB])
        let expected = ATTErrorResponse(
            requestOpcode: .init(rawValue: 0x30), handle: .invalid, error: .requestNotSupported)
        #expect(probe.sent == [expected.encodedPDU])
        #expect(probe.requests.isEmpty)
    }

    @Test("an unknown command is ignored and a known one reaches the command handler")
    func commands() {
        let probe = ATTBearerProbe()
        var commands: [ATTPDU] = []
        probe.bearer.commandHandler = { commands.append($0) }
        probe.receive([0x7E, 0x00])
        let write = ATTWriteCommand(handle: Self.handle, value: [3])
        probe.receive(write)
        #expect(commands == [.writeCommand(write)])
        #expect(probe.sent.isEmpty)
    }

    @Test("a malformed request gets Invalid PDU")
    func malformedRequest() {
        let probe = ATTBearerProbe()
        probe.receive([0x12, 0x10])
        let expected = ATTErrorResponse(requestOpcode: .writeRequest, handle: .invalid, error: .invalidPDU)
        #expect(probe.sent == [expected.encodedPDU])
    }

    @Test("an indication from the peer before the previous one is confirmed is dropped")
    func peerIndicationDropped() throws {
        let probe = ATTBearerProbe()
        let bearer = probe.bearer
        bearer.indicationHandler = { indication in
            probe.indications.append(indication)
            return false
        }
        let first = ATTHandleValueIndication(handle: Self.handle, value: [1])
        probe.receive(first)
        probe.receive(ATTHandleValueIndication(handle: Self.handle, value: [2]))
        #expect(probe.indications == [first])
        #expect(probe.sent.isEmpty)
        try bearer.confirmIndication()
        #expect(probe.sent == [ATTHandleValueConfirmation().encodedPDU])
    }

    @Test("an indication handler that returns true confirms at once")
    func indicationConfirmedAtOnce() {
        let probe = ATTBearerProbe()
        probe.bearer.indicationHandler = { _ in true }
        probe.receive(ATTHandleValueIndication(handle: Self.handle, value: [1]))
        probe.receive(ATTHandleValueIndication(handle: Self.handle, value: [2]))
        #expect(probe.sent == [[0x1E], [0x1E]])
    }

    @Test("Exchange MTU as client gives the smaller Rx MTU, and is sent only once")
    func exchangeMTUAsClient() async throws {
        let probe = ATTBearerProbe(localMTU: 247)
        let bearer = probe.bearer
        let exchange = Task { try await bearer.exchangeMTU() }
        await probe.sentCount(1)
        #expect(probe.sent == [ATTExchangeMTURequest(clientRxMTU: 247).encodedPDU])
        probe.receive(ATTExchangeMTUResponse(serverRxMTU: 517))
        #expect(try await exchange.value == 247)
        #expect(probe.mtuChanges == [247])
        #expect(try await bearer.exchangeMTU() == 247)
        #expect(probe.sent.count == 1)
    }

    @Test("Exchange MTU as server is answered with our Rx MTU and clamped to 23...517")
    func exchangeMTUAsServer() {
        let probe = ATTBearerProbe(localMTU: 2000)
        probe.receive(ATTExchangeMTURequest(clientRxMTU: 1000))
        #expect(probe.sent == [ATTExchangeMTUResponse(serverRxMTU: 517).encodedPDU])
        #expect(probe.bearer.mtu == 517)
    }

    @Test("a notification is cut to ATT_MTU - 3 bytes of value")
    func notificationTruncated() throws {
        let probe = ATTBearerProbe()
        try probe.bearer.notify(handle: Self.handle, value: Array(repeating: 1, count: 30))
        #expect(
            probe.sent == [
                ATTHandleValueNotification(handle: Self.handle, value: Array(repeating: 1, count: 20)).encodedPDU
            ])
    }

    @Test("a request larger than ATT_MTU fails with mtuExceeded and nothing is sent")
    func requestOverMTU() async {
        let probe = ATTBearerProbe()
        await #expect(throws: ATTBearerError.mtuExceeded) {
            try await probe.bearer.send(ATTWriteRequest(handle: Self.handle, value: Array(repeating: 0, count: 21)))
        }
        #expect(throws: ATTBearerError.mtuExceeded) {
            try probe.bearer.sendCommand(ATTWriteCommand(handle: Self.handle, value: Array(repeating: 0, count: 21)))
        }
        #expect(probe.sent.isEmpty)
    }

    @Test("requests beyond the queue limit fail at once with queueFull")
    func queueFull() async {
        let probe = ATTBearerProbe()
        let bearer = ATTBearer(requestQueueLimit: 1, clock: probe.clock) { _ in }
        let first = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        let second = Task { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        await probe.until { bearer.pendingOperationCount == 2 }
        await #expect(throws: ATTBearerError.queueFull) { try await bearer.send(ATTReadRequest(handle: Self.handle)) }
        bearer.close()
        await #expect(throws: ATTBearerError.closed) { try await first.value }
        await #expect(throws: ATTBearerError.closed) { try await second.value }
    }
}
