/// One LE credit-based connection-oriented channel as a pure state machine: opening it as
/// initiator or acceptor, segmenting and reassembling SDUs in K-frames under credit-based flow
/// control, and closing it from either side.
///
/// Signaling commands go out as actions; the driver routes the peer's answers back in.
///
/// Bluetooth Core Specification Vol 3, Part A, 3.4 and 10.
public struct CreditBasedChannel: Sendable {
    /// This device's limits for the channel.
    public struct Configuration: Hashable, Sendable {
        /// The largest SDU this device accepts (at least 23).
        public var mtu: UInt16
        /// The largest K-frame payload this device accepts (23 to 65533).
        public var mps: UInt16
        /// The credits the peer gets when the channel opens, and the level credits are topped up to.
        public var initialCredits: UInt16
        /// How many SDUs may wait for credits before ``CreditBasedChannel/send(_:)`` refuses more.
        public var maximumQueuedSDUs: Int

        public init(mtu: UInt16 = 1024, mps: UInt16 = 247, initialCredits: UInt16 = 10, maximumQueuedSDUs: Int = 16) {
            self.mtu = mtu
            self.mps = mps
            self.initialCredits = initialCredits
            self.maximumQueuedSDUs = maximumQueuedSDUs
        }
    }

    /// The peer's end of an open channel.
    public struct Endpoint: Hashable, Sendable {
        /// The channel's identifier on the peer; K-frames are addressed to it.
        public var cid: L2CAPChannelID
        /// The largest SDU the peer accepts.
        public var mtu: UInt16
        /// The largest K-frame payload the peer accepts.
        public var mps: UInt16

        public init(cid: L2CAPChannelID, mtu: UInt16, mps: UInt16) {
            self.cid = cid
            self.mtu = mtu
            self.mps = mps
        }
    }

    /// The smallest MTU either side may have.
    public static let minimumMTU: UInt16 = 23
    /// The MPS values either side may have.
    public static let mpsRange: ClosedRange<UInt16> = 23...65533
    /// The most credits a side may hold.
    public static let maximumCredits = Int(UInt16.max)

    /// The channel's identifier on this device.
    public let localCID: L2CAPChannelID
    /// This device's limits.
    public let configuration: Configuration
    /// Where the channel is in its life.
    public internal(set) var state: CreditBasedChannelState = .closed
    /// The peer's end, known once the channel opened.
    public internal(set) var peer: Endpoint?
    /// K-frames this device may still send.
    public internal(set) var sendCredits = 0
    /// K-frames the peer may still send.
    public internal(set) var receiveCredits = 0

    var sendQueue: [[UInt8]] = []
    var sentOfHead = 0
    var headStarted = false
    var incoming: [UInt8]?
    var incomingLength = 0
    var creditsToReturn = 0
    var deliveredUnconsumed = 0
    private var closeReason: CreditBasedChannelCloseReason?
    private var disconnectWhenOpened = false
    var disconnectWhenSent = false

    /// Makes a closed channel that will use `localCID` (in the LE dynamic range) on this device.
    public init(localCID: L2CAPChannelID, configuration: Configuration = Configuration()) {
        precondition(localCID.isLEDynamic, "a credit-based channel uses a CID in 0x0040...0x007F")
        precondition(configuration.mtu >= Self.minimumMTU, "the MTU is at least 23")
        precondition(Self.mpsRange.contains(configuration.mps), "the MPS is 23...65533")
        precondition(configuration.maximumQueuedSDUs > 0, "the send queue holds at least one SDU")
        self.localCID = localCID
        self.configuration = configuration
    }

    /// Asks the peer to open the channel to the service `spsm`.
    public mutating func connect(spsm: SPSM) throws(CreditBasedChannelError) -> [CreditBasedChannelAction] {
        guard state == .closed else { throw .notClosed(state) }
        state = .waitingConnectResponse
        disconnectWhenOpened = false
        let request = LECreditBasedConnectionRequest(
            spsm: spsm, sourceCID: localCID, mtu: configuration.mtu, mps: configuration.mps,
            initialCredits: configuration.initialCredits)
        return [.signal(.leCreditBasedConnection(request))]
    }

    /// Answers a peer's connection request that the layer above routed here after checking the
    /// SPSM, security and that the source CID is not already in use; refuses an invalid source
    /// CID or out-of-range MTU or MPS (and, on a channel already in use, answers no resources),
    /// otherwise opens the channel.
    public mutating func accept(
        _ request: LECreditBasedConnectionRequest, identifier: UInt8
    ) -> [CreditBasedChannelAction] {
        let refusal: LECreditBasedConnectionResponse.Result? =
            if state != .closed {
                .noResourcesAvailable
            } else if !request.sourceCID.isLEDynamic {
                .invalidSourceCID
            } else if request.mtu < Self.minimumMTU || !Self.mpsRange.contains(request.mps) {
                .unacceptableParameters
            } else {
                nil
            }
        if let refusal {
            return [.respond(.leCreditBasedConnectionResponse(identifier: identifier, .refused(refusal)))]
        }
        let response = LECreditBasedConnectionResponse(
            destinationCID: localCID, mtu: configuration.mtu, mps: configuration.mps,
            initialCredits: configuration.initialCredits, result: .success)
        let endpoint = Endpoint(cid: request.sourceCID, mtu: request.mtu, mps: request.mps)
        open(endpoint, credits: request.initialCredits)
        return [.respond(.leCreditBasedConnectionResponse(identifier: identifier, response)), .opened(endpoint)]
    }

    /// Takes the peer's answer to this channel's connection request.
    public mutating func receivedConnectionResponse(
        _ response: LECreditBasedConnectionResponse
    ) -> [CreditBasedChannelAction] {
        guard state == .waitingConnectResponse else { return [] }
        guard response.result == .success else { return close(.refused(response.result)) }
        let endpoint = Endpoint(cid: response.destinationCID, mtu: response.mtu, mps: response.mps)
        guard endpoint.cid.isLEDynamic else { return close(.protocolViolation(.invalidConnectionResponse)) }
        open(endpoint, credits: response.initialCredits)
        guard endpoint.mtu >= Self.minimumMTU, Self.mpsRange.contains(endpoint.mps) else {
            return beginDisconnect(.protocolViolation(.invalidConnectionResponse))
        }
        if disconnectWhenOpened { return beginDisconnect(.localRequest) }
        return [.opened(endpoint)]
    }

    /// Takes a Command Reject that answered this channel's connection or disconnection request.
    public mutating func receivedCommandReject(_ reject: CommandReject) -> [CreditBasedChannelAction] {
        switch state {
        case .waitingConnectResponse: close(.rejected(reject.reason))
        case .waitingDisconnectResponse: close(closeReason ?? .localRequest)
        case .closed, .open: []
        }
    }

    /// Reports that the response timeout of this channel's connection or disconnection request fired.
    public mutating func responseTimedOut() -> [CreditBasedChannelAction] {
        switch state {
        case .waitingConnectResponse: close(.responseTimeout)
        case .waitingDisconnectResponse: close(closeReason ?? .responseTimeout)
        case .closed, .open: []
        }
    }

    /// Closes the channel from this side; a channel still connecting is closed once the peer answers.
    public mutating func disconnect() -> [CreditBasedChannelAction] {
        switch state {
        case .open:
            return beginDisconnect(.localRequest)
        case .waitingConnectResponse:
            disconnectWhenOpened = true
            return []
        case .closed, .waitingDisconnectResponse:
            return []
        }
    }

    /// Closes the channel from this side once every queued SDU has left, as the peer's credits allow; until then
    /// the channel stays open both ways. A channel still connecting is closed once the peer answers.
    public mutating func disconnectAfterSending() -> [CreditBasedChannelAction] {
        guard state == .open, !sendQueue.isEmpty else { return disconnect() }
        disconnectWhenSent = true
        return []
    }

    /// Takes a peer's Disconnection Request whose destination CID is this channel's local CID.
    public mutating func receivedDisconnectionRequest(
        _ request: DisconnectionRequest, identifier: UInt8
    ) -> [CreditBasedChannelAction] {
        guard state == .open || state == .waitingDisconnectResponse, let peer,
            request.destinationCID == localCID, request.sourceCID == peer.cid
        else {
            let reject = CommandReject.invalidCID(local: request.destinationCID, remote: request.sourceCID)
            return [.respond(.commandReject(identifier: identifier, reject))]
        }
        let response = DisconnectionResponse(destinationCID: localCID, sourceCID: peer.cid)
        let reason = state == .open ? .peerRequest : closeReason ?? .peerRequest
        return [.respond(.disconnectionResponse(identifier: identifier, response))] + close(reason)
    }

    /// Takes the peer's answer to this channel's Disconnection Request.
    public mutating func receivedDisconnectionResponse(_ response: DisconnectionResponse) -> [CreditBasedChannelAction]
    {
        guard state == .waitingDisconnectResponse, let peer,
            response.destinationCID == peer.cid, response.sourceCID == localCID
        else { return [] }
        return close(closeReason ?? .localRequest)
    }

    /// Reports that the connection carrying the channel went away.
    public mutating func linkDisconnected() -> [CreditBasedChannelAction] {
        guard state != .closed else { return [] }
        return close(closeReason ?? .linkDisconnected)
    }

    private mutating func open(_ endpoint: Endpoint, credits: UInt16) {
        state = .open
        peer = endpoint
        sendCredits = Int(credits)
        receiveCredits = Int(configuration.initialCredits)
    }

    /// Sends a Disconnection Request and discards data both ways until the peer answers.
    mutating func beginDisconnect(_ reason: CreditBasedChannelCloseReason) -> [CreditBasedChannelAction] {
        guard let peer else { return close(reason) }
        clearData()
        state = .waitingDisconnectResponse
        closeReason = reason
        return [.signal(.disconnection(DisconnectionRequest(destinationCID: peer.cid, sourceCID: localCID)))]
    }

    private mutating func close(_ reason: CreditBasedChannelCloseReason) -> [CreditBasedChannelAction] {
        clearData()
        state = .closed
        peer = nil
        sendCredits = 0
        receiveCredits = 0
        closeReason = nil
        disconnectWhenOpened = false
        disconnectWhenSent = false
        return [.closed(reason)]
    }

    private mutating func clearData() {
        disconnectWhenSent = false
        sendQueue = []
        sentOfHead = 0
        headStarted = false
        incoming = nil
        incomingLength = 0
        creditsToReturn = 0
        deliveredUnconsumed = 0
    }
}
