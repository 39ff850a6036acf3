import HCI
import Testing

@testable import Host

@Suite("LE signaling channel (Vol 3, Part A, 4)", .timeLimit(.minutes(2)))
struct SignalingChannelTests {
    private let connectRequest = LECreditBasedConnectionRequest(
        spsm: SPSM(rawValue: 0x0080), sourceCID: L2CAPChannelID(rawValue: 0x0040), mtu: 512, mps: 247,
        initialCredits: 10)

    @Test("a command with an unknown code is answered with Command Reject, not understood, same identifier")
    func unknownCommand() throws {
        var channel = SignalingChannel(role: .central)
        let actions = channel.received(try l2capBytes("0a 04 02 00 02 00"))
        #expect(actions == [.send(.commandReject(identifier: 4, .commandNotUnderstood))])
        #expect(
            SignalingCommand.commandReject(identifier: 4, .commandNotUnderstood).encoded
                == (try l2capBytes("01 04 02 00 00 00")))
    }

    @Test("a malformed request is answered with Command Reject, not understood")
    func malformedRequest() throws {
        var channel = SignalingChannel(role: .central)
        #expect(
            channel.received(try l2capBytes("06 07 03 00 40 00 41"))
                == [.send(.commandReject(identifier: 7, .commandNotUnderstood))])
        #expect(
            channel.received(try l2capBytes("14 08 0a 00 80 00"))
                == [.send(.commandReject(identifier: 8, .commandNotUnderstood))])
    }

    @Test("a frame too short to carry code and identifier is dropped unanswered")
    func unreadableHeader() {
        var channel = SignalingChannel(role: .central)
        #expect(channel.received([]) == [.dropped(.unreadableHeader(.truncated(needed: 1, available: 0)))])
        #expect(channel.received([0x06]) == [.dropped(.unreadableHeader(.truncated(needed: 1, available: 0)))])
    }

    @Test("a command with identifier 0 is dropped unanswered")
    func identifierZero() throws {
        var channel = SignalingChannel(role: .central)
        #expect(
            channel.received(try l2capBytes("0a 00 00 00")) == [
                .dropped(.invalidIdentifier(code: SignalingCode(rawValue: 0x0A)))
            ])
        #expect(
            channel.received(try l2capBytes("06 00 01 00 40")) == [
                .dropped(.invalidIdentifier(code: .disconnectionRequest))
            ])
    }

    @Test("a C-frame longer than the signaling MTU is rejected with the MTU")
    func overMTU() {
        var channel = SignalingChannel(role: .central)
        let payload = [0x0A, 0x06, 20, 0x00] + [UInt8](repeating: 0, count: 20)
        #expect(payload.count == 24)
        #expect(
            channel.received(payload) == [.send(.commandReject(identifier: 6, .signalingMTUExceeded(actualMTU: 23)))])
    }

    @Test("as central, a valid Connection Parameter Update Request is accepted and applied")
    func parameterUpdateAsCentral() throws {
        var channel = SignalingChannel(role: .central)
        let request = ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 4, timeout: 600)
        #expect(
            channel.received(try l2capBytes("12 01 08 00 18 00 28 00 04 00 58 02")) == [
                .send(
                    .connectionParameterUpdateResponse(
                        identifier: 1, ConnectionParameterUpdateResponse(result: .accepted))),
                .updateConnectionParameters(request),
            ])
    }

    @Test("as peripheral, a Connection Parameter Update Request is rejected as not understood")
    func parameterUpdateAsPeripheral() throws {
        var channel = SignalingChannel(role: .peripheral)
        #expect(
            channel.received(try l2capBytes("12 01 08 00 18 00 28 00 04 00 58 02"))
                == [.send(.commandReject(identifier: 1, .commandNotUnderstood))])
    }

    @Test(
        "parameters out of range are answered with result rejected and not applied (Vol 3, Part A, 4.20)",
        arguments: [
            ConnectionParameterUpdateRequest(intervalMin: 5, intervalMax: 40, latency: 0, timeout: 600),
            ConnectionParameterUpdateRequest(intervalMin: 6, intervalMax: 3201, latency: 0, timeout: 3200),
            ConnectionParameterUpdateRequest(intervalMin: 41, intervalMax: 40, latency: 0, timeout: 600),
            ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 500, timeout: 3200),
            ConnectionParameterUpdateRequest(intervalMin: 6, intervalMax: 6, latency: 0, timeout: 9),
            ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 0, timeout: 3201),
            ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 0, timeout: 10),
            ConnectionParameterUpdateRequest(intervalMin: 6, intervalMax: 80, latency: 9, timeout: 200),
        ])
    func invalidParameters(request: ConnectionParameterUpdateRequest) {
        var channel = SignalingChannel(role: .central)
        let actions = channel.received(
            SignalingCommand.connectionParameterUpdateRequest(identifier: 3, request).encoded)
        #expect(!request.isValid)
        #expect(
            actions == [
                .send(
                    .connectionParameterUpdateResponse(
                        identifier: 3, ConnectionParameterUpdateResponse(result: .rejected)))
            ])
    }

    @Test(
        "parameters at the edges of their ranges are accepted",
        arguments: [
            ConnectionParameterUpdateRequest(intervalMin: 6, intervalMax: 6, latency: 0, timeout: 10),
            ConnectionParameterUpdateRequest(intervalMin: 3200, intervalMax: 3200, latency: 0, timeout: 3200),
            ConnectionParameterUpdateRequest(intervalMin: 6, intervalMax: 6, latency: 499, timeout: 751),
            ConnectionParameterUpdateRequest(intervalMin: 6, intervalMax: 80, latency: 9, timeout: 201),
        ])
    func edgeParameters(request: ConnectionParameterUpdateRequest) {
        var channel = SignalingChannel(role: .central)
        let actions = channel.received(
            SignalingCommand.connectionParameterUpdateRequest(identifier: 3, request).encoded)
        #expect(actions.last == .updateConnectionParameters(request))
    }

    @Test("peer requests and credit indications are handed up for the channel layer")
    func handedUp() {
        var channel = SignalingChannel(role: .peripheral)
        let commands: [SignalingCommand] = [
            .leCreditBasedConnectionRequest(identifier: 1, connectRequest),
            .disconnectionRequest(
                identifier: 2,
                DisconnectionRequest(
                    destinationCID: L2CAPChannelID(rawValue: 0x40), sourceCID: L2CAPChannelID(rawValue: 0x41))),
            .flowControlCreditIndication(
                identifier: 3, FlowControlCreditIndication(cid: L2CAPChannelID(rawValue: 0x41), credits: 5)),
        ]
        for command in commands {
            #expect(channel.received(command.encoded) == [.received(command)])
        }
    }

    @Test("this device's requests get identifiers 1 to 255, never 0, and a response is matched to its request")
    func requestResponse() throws {
        var channel = SignalingChannel(role: .central)
        let actions = try channel.send(.leCreditBasedConnection(connectRequest))
        #expect(
            actions == [
                .send(.leCreditBasedConnectionRequest(identifier: 1, connectRequest)),
                .startResponseTimer(identifier: 1),
            ])
        #expect(channel.outstandingIdentifiers == [1])

        let response = SignalingCommand.leCreditBasedConnectionResponse(
            identifier: 1,
            LECreditBasedConnectionResponse(
                destinationCID: L2CAPChannelID(rawValue: 0x40), mtu: 23, mps: 23, initialCredits: 1, result: .success))
        #expect(
            channel.received(response.encoded) == [
                .cancelResponseTimer(identifier: 1),
                .responseReceived(request: .leCreditBasedConnection(connectRequest), response: response),
            ])
        #expect(channel.outstandingIdentifiers.isEmpty)
        #expect(
            channel.received(response.encoded) == [
                .dropped(.unexpectedResponse(code: .leCreditBasedConnectionResponse, identifier: 1))
            ])
    }

    @Test("a response of the wrong kind for an identifier is dropped and the request stays outstanding")
    func wrongResponseKind() throws {
        var channel = SignalingChannel(role: .central)
        _ = try channel.send(.leCreditBasedConnection(connectRequest))
        let wrong = SignalingCommand.disconnectionResponse(
            identifier: 1,
            DisconnectionResponse(
                destinationCID: L2CAPChannelID(rawValue: 0x40), sourceCID: L2CAPChannelID(rawValue: 0x41)))
        #expect(
            channel.received(wrong.encoded) == [
                .dropped(.unexpectedResponse(code: .disconnectionResponse, identifier: 1))
            ])
        #expect(channel.outstandingIdentifiers == [1])
        let reject = SignalingCommand.commandReject(identifier: 1, .commandNotUnderstood)
        #expect(
            channel.received(reject.encoded) == [
                .cancelResponseTimer(identifier: 1),
                .responseReceived(request: .leCreditBasedConnection(connectRequest), response: reject),
            ])
    }

    @Test("a malformed response is dropped, never rejected")
    func malformedResponse() throws {
        var channel = SignalingChannel(role: .central)
        _ = try channel.send(.leCreditBasedConnection(connectRequest))
        #expect(
            channel.received(try l2capBytes("15 01 02 00 40 00"))
                == [
                    .dropped(
                        .malformedResponse(
                            code: .leCreditBasedConnectionResponse, identifier: 1, .truncated(needed: 2, available: 0)))
                ])
        #expect(channel.outstandingIdentifiers == [1])
    }

    @Test("identifiers wrap from 255 to 1 and skip those still awaiting a response")
    func identifierWrap() throws {
        var channel = SignalingChannel(role: .central)
        _ = try channel.send(.leCreditBasedConnection(connectRequest))
        let credit = FlowControlCreditIndication(cid: L2CAPChannelID(rawValue: 0x40), credits: 1)
        var identifiers: [UInt8] = []
        for _ in 0..<256 {
            let actions = try channel.send(.flowControlCredit(credit))
            #expect(actions.count == 1, "an indication starts no timer")
            if case .send(let command) = actions.first { identifiers.append(command.identifier) }
        }
        #expect(identifiers == Array(2...255) + [2, 3])
        #expect(channel.outstandingIdentifiers == [1])
    }

    @Test("the response timer firing reports the request once; a late response is then dropped")
    func responseTimeout() throws {
        var channel = SignalingChannel(role: .peripheral)
        let update = ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 0, timeout: 600)
        _ = try channel.send(.connectionParameterUpdate(update))
        #expect(
            channel.timeoutElapsed(identifier: 1) == [.responseTimedOut(request: .connectionParameterUpdate(update))])
        #expect(channel.timeoutElapsed(identifier: 1) == [])
        let late = SignalingCommand.connectionParameterUpdateResponse(
            identifier: 1, ConnectionParameterUpdateResponse(result: .accepted))
        #expect(
            channel.received(late.encoded) == [
                .dropped(.unexpectedResponse(code: .connectionParameterUpdateResponse, identifier: 1))
            ])
    }

    @Test("outstanding requests are bounded")
    func boundedOutstanding() throws {
        var channel = SignalingChannel(role: .central, maximumOutstandingRequests: 2)
        _ = try channel.send(.leCreditBasedConnection(connectRequest))
        _ = try channel.send(.leCreditBasedConnection(connectRequest))
        #expect(throws: SignalingChannelError.tooManyOutstandingRequests(limit: 2)) {
            try channel.send(.leCreditBasedConnection(connectRequest))
        }
    }

    @Test("only a peripheral may request a connection parameter update")
    func parameterUpdateRequestRole() {
        var channel = SignalingChannel(role: .central)
        let update = ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 0, timeout: 600)
        #expect(throws: SignalingChannelError.connectionParameterUpdateRequiresPeripheral) {
            try channel.send(.connectionParameterUpdate(update))
        }
    }
}
