import HCI
import Testing

@testable import Host

@Suite("LE credit-based connection-oriented channels (Vol 3, Part A, 3.4 and 10)", .timeLimit(.minutes(2)))
struct CreditBasedChannelTests {
    private let localCID = L2CAPChannelID(rawValue: 0x0041)
    private let peerCID = L2CAPChannelID(rawValue: 0x0040)
    private let spsm = SPSM(rawValue: 0x0080)

    private func request(
        sourceCID: L2CAPChannelID = L2CAPChannelID(rawValue: 0x0040), mtu: UInt16 = 512, mps: UInt16 = 100,
        credits: UInt16 = 10
    ) -> LECreditBasedConnectionRequest {
        LECreditBasedConnectionRequest(spsm: spsm, sourceCID: sourceCID, mtu: mtu, mps: mps, initialCredits: credits)
    }

    /// A channel on CID 0x0041 opened by accepting a request from the peer's CID 0x0040.
    private func acceptedChannel(
        _ configuration: CreditBasedChannel.Configuration, peerMTU: UInt16 = 512, peerCredits: UInt16 = 10
    ) -> CreditBasedChannel {
        var channel = CreditBasedChannel(localCID: localCID, configuration: configuration)
        _ = channel.accept(request(mtu: peerMTU, credits: peerCredits), identifier: 1)
        return channel
    }

    private var disconnectRequest: CreditBasedChannelAction {
        .signal(.disconnection(DisconnectionRequest(destinationCID: peerCID, sourceCID: localCID)))
    }

    // MARK: Opening

    @Test("the initiator sends its CID, MTU, MPS and credits and opens on a successful response")
    func connectAsInitiator() throws {
        let configuration = CreditBasedChannel.Configuration(mtu: 512, mps: 247, initialCredits: 8)
        var channel = CreditBasedChannel(localCID: localCID, configuration: configuration)
        let actions = try channel.connect(spsm: spsm)
        #expect(
            actions == [
                .signal(
                    .leCreditBasedConnection(
                        LECreditBasedConnectionRequest(
                            spsm: spsm, sourceCID: localCID, mtu: 512, mps: 247, initialCredits: 8)))
            ])
        #expect(channel.state == .waitingConnectResponse)
        #expect(throws: CreditBasedChannelError.notClosed(.waitingConnectResponse)) { try channel.connect(spsm: spsm) }

        let response = LECreditBasedConnectionResponse(
            destinationCID: peerCID, mtu: 300, mps: 100, initialCredits: 3, result: .success)
        #expect(channel.receivedConnectionResponse(response) == [.opened(.init(cid: peerCID, mtu: 300, mps: 100))])
        #expect(channel.state == .open)
        #expect(channel.sendCredits == 3)
        #expect(channel.receiveCredits == 8)
    }

    @Test("the acceptor answers with its parameters and opens")
    func connectAsAcceptor() {
        let configuration = CreditBasedChannel.Configuration(mtu: 1024, mps: 64, initialCredits: 5)
        var channel = CreditBasedChannel(localCID: localCID, configuration: configuration)
        let response = LECreditBasedConnectionResponse(
            destinationCID: localCID, mtu: 1024, mps: 64, initialCredits: 5, result: .success)
        #expect(
            channel.accept(request(), identifier: 4) == [
                .respond(.leCreditBasedConnectionResponse(identifier: 4, response)),
                .opened(.init(cid: peerCID, mtu: 512, mps: 100)),
            ])
        #expect(channel.state == .open)
        #expect(channel.sendCredits == 10)
    }

    @Test(
        "the acceptor refuses an invalid source CID or out-of-range MTU or MPS",
        arguments: [
            (L2CAPChannelID.att, UInt16(512), UInt16(100), LECreditBasedConnectionResponse.Result.invalidSourceCID),
            (L2CAPChannelID(rawValue: 0x0080), 512, 100, .invalidSourceCID),
            (L2CAPChannelID(rawValue: 0x0040), 22, 100, .unacceptableParameters),
            (L2CAPChannelID(rawValue: 0x0040), 512, 22, .unacceptableParameters),
            (L2CAPChannelID(rawValue: 0x0040), 512, 65534, .unacceptableParameters),
        ])
    func acceptorRefuses(
        sourceCID: L2CAPChannelID, mtu: UInt16, mps: UInt16, result: LECreditBasedConnectionResponse.Result
    ) {
        var channel = CreditBasedChannel(localCID: localCID)
        #expect(
            channel.accept(request(sourceCID: sourceCID, mtu: mtu, mps: mps), identifier: 2)
                == [.respond(.leCreditBasedConnectionResponse(identifier: 2, .refused(result)))])
        #expect(channel.state == .closed)
    }

    @Test("a refusal, a Command Reject or a response timeout closes a connecting channel, which may connect again")
    func connectFails() throws {
        var channel = CreditBasedChannel(localCID: localCID)
        _ = try channel.connect(spsm: spsm)
        #expect(
            channel.receivedConnectionResponse(.refused(.spsmNotSupported)) == [.closed(.refused(.spsmNotSupported))])
        _ = try channel.connect(spsm: spsm)
        #expect(channel.receivedCommandReject(.commandNotUnderstood) == [.closed(.rejected(.commandNotUnderstood))])
        _ = try channel.connect(spsm: spsm)
        #expect(channel.responseTimedOut() == [.closed(.responseTimeout)])
        #expect(channel.state == .closed)
    }

    @Test("a successful response with an invalid MPS is answered by disconnecting")
    func invalidConnectResponse() throws {
        var channel = CreditBasedChannel(localCID: localCID)
        _ = try channel.connect(spsm: spsm)
        let response = LECreditBasedConnectionResponse(
            destinationCID: peerCID, mtu: 23, mps: 22, initialCredits: 1, result: .success)
        #expect(channel.receivedConnectionResponse(response) == [disconnectRequest])
        #expect(channel.state == .waitingDisconnectResponse)
        #expect(
            channel.receivedDisconnectionResponse(DisconnectionResponse(destinationCID: peerCID, sourceCID: localCID))
                == [.closed(.protocolViolation(.invalidConnectionResponse))])
    }

    // MARK: Sending

    @Test("a 1000-byte SDU goes out in K-frames of at most the peer's MPS, only while credits last")
    func segmentation() throws {
        var channel = acceptedChannel(.init(), peerMTU: 1000, peerCredits: 4)
        let sdu = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let first = try channel.send(sdu)
        let firstFrames = first.compactMap { if case .send(let frame) = $0 { frame } else { nil } }
        #expect(first.count == 4 && firstFrames.count == 4)
        #expect(firstFrames.allSatisfy { $0.channelID == peerCID && $0.payload.count == 100 })
        #expect(firstFrames[0].payload.prefix(2) == [0xE8, 0x03])
        #expect(Array(firstFrames[0].payload.dropFirst(2)) == Array(sdu[0..<98]))
        #expect(channel.sendCredits == 0)
        #expect(channel.queuedSDUCount == 1)

        let rest = channel.receivedCredits(10).compactMap { if case .send(let frame) = $0 { frame } else { nil } }
        #expect(rest.map(\.payload.count) == [100, 100, 100, 100, 100, 100, 2])
        let carried = firstFrames.flatMap { $0.payload }.dropFirst(2) + rest.flatMap { $0.payload }
        #expect(Array(carried) == sdu)
        #expect(channel.sendCredits == 3)
        #expect(channel.queuedSDUCount == 0)
    }

    @Test("with zero credits nothing is sent until the peer gives credits")
    func zeroCreditsStopSending() throws {
        var channel = acceptedChannel(.init(), peerCredits: 0)
        #expect(try channel.send([1, 2, 3]) == [])
        #expect(try channel.send([4]) == [])
        #expect(channel.queuedSDUCount == 2)
        #expect(channel.receivedCredits(1) == [.send(BasicFrame(channelID: peerCID, payload: [3, 0, 1, 2, 3]))])
        #expect(channel.receivedCredits(5) == [.send(BasicFrame(channelID: peerCID, payload: [1, 0, 4]))])
        #expect(channel.sendCredits == 4)
    }

    @Test("the send queue is bounded, SDUs are bounded by the peer's MTU, and a closed channel sends nothing")
    func sendLimits() throws {
        var channel = acceptedChannel(.init(maximumQueuedSDUs: 2), peerCredits: 0)
        _ = try channel.send([1])
        _ = try channel.send([2])
        #expect(throws: CreditBasedChannelError.sendQueueFull(limit: 2)) { try channel.send([3]) }
        #expect(throws: CreditBasedChannelError.sduExceedsPeerMTU(length: 513, mtu: 512)) {
            try channel.send([UInt8](repeating: 0, count: 513))
        }
        var closed = CreditBasedChannel(localCID: localCID)
        #expect(throws: CreditBasedChannelError.notOpen(.closed)) { try closed.send([1]) }
    }

    // MARK: Receiving

    @Test("K-frames are reassembled into SDUs across more frames than the initial credits")
    func reassemblyBetweenPeers() throws {
        var pair = try CreditBasedChannelPair(
            initiator: .init(mtu: 1024, mps: 100, initialCredits: 4),
            acceptor: .init(mtu: 1024, mps: 100, initialCredits: 4))
        let sdus = (0..<3).map { index in (0..<1000).map { UInt8(truncatingIfNeeded: $0 + index) } }
        for sdu in sdus { try pair.send(sdu, from: .initiator) }
        #expect(pair.delivered[.acceptor] == sdus)
        #expect(pair.framesCarried[.acceptor] == 33)
        #expect(pair.initiator.state == .open && pair.acceptor.state == .open)
        #expect(pair.otherActions.isEmpty)
        #expect(pair.initiator.sendCredits == pair.acceptor.receiveCredits)
    }

    @Test("a delivered SDU's credit goes back to the peer only once the SDU is consumed")
    func creditReturn() throws {
        var pair = try CreditBasedChannelPair(
            initiator: .init(mtu: 100, mps: 23, initialCredits: 2),
            acceptor: .init(mtu: 100, mps: 23, initialCredits: 2))
        pair.consumesAtOnce = false
        for value in UInt8(1)...3 { try pair.send([value], from: .initiator) }
        #expect(pair.delivered[.acceptor] == [[1], [2]])
        #expect(pair.initiator.queuedSDUCount == 1)
        #expect(pair.acceptor.receiveCredits == 0)

        pair.carry(pair.acceptor.sduConsumed(), from: .acceptor)
        #expect(pair.creditIndications[.initiator] == [1])
        #expect(pair.delivered[.acceptor] == [[1], [2], [3]])
        #expect(pair.initiator.queuedSDUCount == 0)
        pair.carry(pair.acceptor.sduConsumed(), from: .acceptor)
        pair.carry(pair.acceptor.sduConsumed(), from: .acceptor)
        #expect(pair.creditIndications[.initiator] == [1, 1, 1])
        #expect(pair.acceptor.receiveCredits == 2)
        #expect(pair.acceptor.sduConsumed() == [])
    }

    @Test("an empty SDU is delivered from a K-frame holding only the SDU Length")
    func emptySDU() {
        var channel = acceptedChannel(.init())
        #expect(channel.received(frame: [0, 0]) == [.deliver([])])
    }

    @Test(
        "a peer breaking the K-frame rules gets the channel disconnected",
        arguments: [
            ([[0x65, 0x00]], CreditBasedChannelCloseReason.Violation.sduExceedsMTU(length: 101, mtu: 100)),
            ([[0x02, 0x00] + [UInt8](repeating: 0, count: 22)], .frameExceedsMPS(length: 24, mps: 23)),
            ([[0x03, 0x00, 1, 2, 3, 4, 5]], .sduOverrun(declaredLength: 3, receivedLength: 5)),
            ([[0x03, 0x00, 1, 2], [3, 4]], .sduOverrun(declaredLength: 3, receivedLength: 4)),
            ([[0x01]], .missingSDULength),
            ([[0x01, 0x00, 1], [0x01, 0x00, 2]], .frameWithoutCredit),
        ])
    func receiveViolations(frames: [[UInt8]], violation: CreditBasedChannelCloseReason.Violation) {
        var channel = acceptedChannel(.init(mtu: 100, mps: 23, initialCredits: 1))
        var actions: [CreditBasedChannelAction] = []
        for frame in frames { actions = channel.received(frame: frame) }
        #expect(actions == [disconnectRequest])
        #expect(channel.state == .waitingDisconnectResponse)
        #expect(channel.received(frame: [0x01, 0x00, 9]) == [], "data is discarded while disconnecting")
        #expect(
            channel.receivedDisconnectionResponse(DisconnectionResponse(destinationCID: peerCID, sourceCID: localCID))
                == [.closed(.protocolViolation(violation))])
    }

    @Test("credits beyond 65535 disconnect the channel")
    func creditOverflow() {
        var channel = acceptedChannel(.init(), peerCredits: 65535)
        #expect(channel.receivedCredits(1) == [disconnectRequest])
        #expect(channel.responseTimedOut() == [.closed(.protocolViolation(.creditOverflow))])
    }

    // MARK: Closing

    @Test("a local disconnect sends Disconnection Request and closes on the response")
    func localDisconnect() {
        var channel = acceptedChannel(.init())
        #expect(channel.disconnect() == [disconnectRequest])
        #expect(channel.disconnect() == [])
        #expect(throws: CreditBasedChannelError.notOpen(.waitingDisconnectResponse)) { try channel.send([1]) }
        #expect(
            channel.receivedDisconnectionResponse(DisconnectionResponse(destinationCID: localCID, sourceCID: peerCID))
                == [],
            "a response naming other CIDs is ignored")
        #expect(
            channel.receivedDisconnectionResponse(DisconnectionResponse(destinationCID: peerCID, sourceCID: localCID))
                == [.closed(.localRequest)])
        #expect(channel.state == .closed && channel.peer == nil)
    }

    @Test("a disconnect after sending waits for the queued SDUs to leave as credits come, then disconnects")
    func disconnectAfterSending() throws {
        var channel = acceptedChannel(.init(), peerMTU: 512, peerCredits: 1)
        let sdu = [UInt8](repeating: 7, count: 150)
        #expect(try channel.send(sdu).count == 1, "one credit: the first of two K-frames leaves")
        #expect(channel.disconnectAfterSending() == [], "a K-frame still waits for credit")
        #expect(channel.state == .open)
        let frame = CreditBasedChannelAction.send(BasicFrame(channelID: peerCID, payload: Array(sdu[98...])))
        #expect(channel.receivedCredits(5) == [frame, disconnectRequest])
        #expect(channel.state == .waitingDisconnectResponse)
        var idle = acceptedChannel(.init())
        #expect(idle.disconnectAfterSending() == [disconnectRequest], "nothing queued: it disconnects at once")
    }

    @Test("a peer's Disconnection Request is answered and closes the channel")
    func peerDisconnect() {
        var channel = acceptedChannel(.init())
        let request = DisconnectionRequest(destinationCID: localCID, sourceCID: peerCID)
        #expect(
            channel.receivedDisconnectionRequest(request, identifier: 7) == [
                .respond(
                    .disconnectionResponse(
                        identifier: 7, DisconnectionResponse(destinationCID: localCID, sourceCID: peerCID))),
                .closed(.peerRequest),
            ])
        #expect(channel.state == .closed)
    }

    @Test("a Disconnection Request naming the wrong CIDs is rejected as an invalid CID")
    func disconnectWrongCIDs() {
        var channel = acceptedChannel(.init())
        let request = DisconnectionRequest(destinationCID: localCID, sourceCID: L2CAPChannelID(rawValue: 0x0050))
        #expect(
            channel.receivedDisconnectionRequest(request, identifier: 7) == [
                .respond(
                    .commandReject(
                        identifier: 7, .invalidCID(local: localCID, remote: L2CAPChannelID(rawValue: 0x0050))))
            ])
        #expect(channel.state == .open)
    }

    @Test("both sides disconnecting at once close on the peer's request")
    func simultaneousDisconnect() {
        var channel = acceptedChannel(.init())
        _ = channel.disconnect()
        let request = DisconnectionRequest(destinationCID: localCID, sourceCID: peerCID)
        #expect(channel.receivedDisconnectionRequest(request, identifier: 3).last == .closed(.localRequest))
    }

    @Test("a disconnect asked for while connecting is carried out once the channel opens")
    func disconnectWhileConnecting() throws {
        var channel = CreditBasedChannel(localCID: localCID)
        _ = try channel.connect(spsm: spsm)
        #expect(channel.disconnect() == [])
        let response = LECreditBasedConnectionResponse(
            destinationCID: peerCID, mtu: 23, mps: 23, initialCredits: 1, result: .success)
        #expect(channel.receivedConnectionResponse(response) == [disconnectRequest])
        #expect(
            channel.receivedCommandReject(.invalidCID(local: peerCID, remote: localCID)) == [.closed(.localRequest)])
    }

    @Test("losing the link closes the channel in any state but closed")
    func linkLoss() throws {
        var open = acceptedChannel(.init())
        #expect(open.linkDisconnected() == [.closed(.linkDisconnected)])
        #expect(open.linkDisconnected() == [])
        var connecting = CreditBasedChannel(localCID: localCID)
        _ = try connecting.connect(spsm: spsm)
        #expect(connecting.linkDisconnected() == [.closed(.linkDisconnected)])
    }
}
