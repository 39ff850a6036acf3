import HCI

/// The LE signaling channel of one connection as a pure state machine: decodes the peer's
/// commands, answers what it can by itself, rejects what it must, numbers this device's
/// requests and pairs the peer's responses with them.
///
/// Requests and indications that concern credit-based channels are handed up unanswered
/// (``SignalingAction/received(_:)``); the channel layer answers them with the same identifier.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public struct SignalingChannel: Sendable {
    /// The smallest signaling MTU an LE device may have.
    public static let minimumMTU: UInt16 = 23
    /// A response timeout (RTX) within the 1 to 60 seconds the specification allows.
    public static let defaultResponseTimeout: Duration = .seconds(30)

    /// This device's role on the connection; only a central accepts connection parameter updates.
    public let role: Role
    /// The longest C-frame payload this device accepts (MTUsig); longer frames are rejected.
    public let mtu: UInt16
    /// How many of this device's requests may await responses at once (1 to 254).
    public let maximumOutstandingRequests: Int
    private var outstanding: [UInt8: SignalingRequest] = [:]
    private var lastIdentifier: UInt8 = 0

    /// Makes the signaling channel of a connection on which this device has `role`.
    public init(role: Role, mtu: UInt16 = SignalingChannel.minimumMTU, maximumOutstandingRequests: Int = 16) {
        precondition(mtu >= Self.minimumMTU, "the LE signaling MTU is at least 23")
        precondition((1...254).contains(maximumOutstandingRequests), "maximumOutstandingRequests must be 1...254")
        self.role = role
        self.mtu = mtu
        self.maximumOutstandingRequests = maximumOutstandingRequests
    }

    /// The identifiers of this device's requests that await responses, in ascending order.
    public var outstandingIdentifiers: [UInt8] { outstanding.keys.sorted() }

    /// Gives a command this device starts a fresh identifier (1 to 255, never one still awaiting a
    /// response) and returns the actions that send it and, for a request, start its response timer.
    public mutating func send(_ request: SignalingRequest) throws(SignalingChannelError) -> [SignalingAction] {
        if case .connectionParameterUpdate = request, role != .peripheral {
            throw .connectionParameterUpdateRequiresPeripheral
        }
        guard request.responseCode != nil else {
            return [.send(request.command(identifier: nextIdentifier()))]
        }
        guard outstanding.count < maximumOutstandingRequests else {
            throw .tooManyOutstandingRequests(limit: maximumOutstandingRequests)
        }
        let identifier = nextIdentifier()
        outstanding[identifier] = request
        return [.send(request.command(identifier: identifier)), .startResponseTimer(identifier: identifier)]
    }

    /// Reports that the response timer of a request fired; a request already answered is ignored.
    public mutating func timeoutElapsed(identifier: UInt8) -> [SignalingAction] {
        guard let request = outstanding.removeValue(forKey: identifier) else { return [] }
        return [.responseTimedOut(request: request)]
    }

    /// Takes the payload of a B-frame received on the LE signaling channel.
    public mutating func received(_ payload: [UInt8]) -> [SignalingAction] {
        if payload.count > Int(mtu) {
            return rejectOversized(payload)
        }
        let command: SignalingCommand
        do {
            command = try SignalingCommand(decoding: payload)
        } catch {
            return answerMalformed(error)
        }
        guard command.identifier != 0 else { return [.dropped(.invalidIdentifier(code: command.code))] }
        switch command {
        case .commandReject, .disconnectionResponse, .connectionParameterUpdateResponse,
            .leCreditBasedConnectionResponse:
            return match(response: command)
        case .connectionParameterUpdateRequest(let identifier, let request):
            return answer(request, identifier: identifier)
        case .disconnectionRequest, .leCreditBasedConnectionRequest, .flowControlCreditIndication:
            return [.received(command)]
        case .unknown(_, let identifier, _):
            return [.send(.commandReject(identifier: identifier, .commandNotUnderstood))]
        }
    }

    private mutating func nextIdentifier() -> UInt8 {
        repeat {
            lastIdentifier = lastIdentifier == UInt8.max ? 1 : lastIdentifier + 1
        } while outstanding[lastIdentifier] != nil
        return lastIdentifier
    }

    private func rejectOversized(_ payload: [UInt8]) -> [SignalingAction] {
        let code = SignalingCode(rawValue: payload[0])
        let identifier = payload[1]
        guard identifier != 0 else { return [.dropped(.invalidIdentifier(code: code))] }
        guard !code.isResponse else {
            return [.dropped(.responseExceedsMTU(code: code, identifier: identifier, length: payload.count))]
        }
        return [.send(.commandReject(identifier: identifier, .signalingMTUExceeded(actualMTU: mtu)))]
    }

    private func answerMalformed(_ error: SignalingDecodeError) -> [SignalingAction] {
        switch error {
        case .unreadableHeader(let decodeError):
            return [.dropped(.unreadableHeader(decodeError))]
        case .malformed(let code, let identifier, let decodeError):
            guard identifier != 0 else { return [.dropped(.invalidIdentifier(code: code))] }
            guard !code.isResponse else {
                return [.dropped(.malformedResponse(code: code, identifier: identifier, decodeError))]
            }
            return [.send(.commandReject(identifier: identifier, .commandNotUnderstood))]
        }
    }

    private mutating func match(response: SignalingCommand) -> [SignalingAction] {
        let identifier = response.identifier
        guard let request = outstanding[identifier],
            response.code == .commandReject || response.code == request.responseCode
        else {
            return [.dropped(.unexpectedResponse(code: response.code, identifier: identifier))]
        }
        outstanding[identifier] = nil
        return [.cancelResponseTimer(identifier: identifier), .responseReceived(request: request, response: response)]
    }

    private func answer(_ request: ConnectionParameterUpdateRequest, identifier: UInt8) -> [SignalingAction] {
        guard role == .central else {
            return [.send(.commandReject(identifier: identifier, .commandNotUnderstood))]
        }
        guard request.isValid else {
            let response = ConnectionParameterUpdateResponse(result: .rejected)
            return [.send(.connectionParameterUpdateResponse(identifier: identifier, response))]
        }
        let response = ConnectionParameterUpdateResponse(result: .accepted)
        return [
            .send(.connectionParameterUpdateResponse(identifier: identifier, response)),
            .updateConnectionParameters(request),
        ]
    }
}
