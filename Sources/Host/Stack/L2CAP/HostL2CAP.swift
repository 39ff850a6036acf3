import HCI
import Logging

/// The host's L2CAP above the fixed ATT and SMP channels: the LE signaling channel of every link, the
/// credit-based channels on them, and the services peers may open channels to.
///
/// Owned by its ``BluetoothHost``, which makes every call on it on its executor and installs the handlers
/// through which it reaches the controller and the layer above.
///
/// Bluetooth Core Specification Vol 3, Part A, 4 and 10.
final class HostL2CAP {
    /// Queues one B-frame for the controller on a link.
    var transmit: (ConnectionHandle, BasicFrame) -> Void = { _, _ in }
    /// Tells the layer above that a channel opened, closed or delivered an SDU.
    var emit: (HostEvent) -> Void = { _ in }
    /// How well a link is protected now, for services that require encryption.
    var security: (ConnectionHandle) -> LinkSecurity = { _ in .unencrypted }
    /// Asks the controller for the connection parameters the peripheral requested (as central).
    var updateParameters: (ConnectionHandle, ConnectionParameterUpdateRequest) -> Void = { _, _ in }

    var links: [ConnectionHandle: L2CAPLink] = [:]
    var published: [SPSM: ChannelServiceOptions] = [:]
    let clock: any Clock<Duration>
    /// How long a signaling request waits for its response.
    let responseTimeout: Duration
    let logger: Logger

    /// Makes the L2CAP of a host whose signaling timers run on `clock`.
    init(clock: any Clock<Duration>, responseTimeout: Duration, logger: Logger) {
        self.clock = clock
        self.responseTimeout = responseTimeout
        self.logger = logger
    }

    /// Starts the signaling channel of a new link.
    func linkUp(_ handle: ConnectionHandle, role: Role) {
        links[handle] = L2CAPLink(handle: handle, role: role)
    }

    /// Ends a link that went down: stops its timers and closes its channels.
    func linkDown(_ handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation) {
        guard let link = links.removeValue(forKey: handle) else { return }
        for timer in link.signalingTimers.values { timer.cancel() }
        link.signalingTimers = [:]
        closeChannels(of: link, isolation: isolation)
    }

    /// Takes a PDU on a link's LE signaling channel.
    func signalingReceived(
        _ payload: [UInt8], on handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation
    ) {
        guard let link = links[handle] else { return }
        perform(link.signaling.received(payload), on: link, isolation: isolation)
    }

    /// As peripheral, asks the central for new connection parameters with an L2CAP Connection Parameter Update
    /// Request.
    func requestConnectionParameters(
        _ request: ConnectionParameterUpdateRequest, on handle: ConnectionHandle,
        isolation: isolated (any Actor)? = #isolation
    ) throws(HostError) {
        let link = try link(handle)
        do {
            perform(try link.signaling.send(.connectionParameterUpdate(request)), on: link, isolation: isolation)
        } catch {
            logger.warning("connection parameter update not requested on \(handle): \(error)")
        }
    }

    func link(_ handle: ConnectionHandle) throws(HostError) -> L2CAPLink {
        guard let link = links[handle] else { throw .notConnected(handle) }
        return link
    }

    /// Carries out what the signaling channel asked for, in order.
    func perform(_ actions: [SignalingAction], on link: L2CAPLink, isolation: isolated (any Actor)?) {
        let handle = link.handle
        for action in actions {
            switch action {
            case .send(let command):
                send(command, on: link)
            case .startResponseTimer(let identifier):
                link.signalingTimers[identifier] = Task { [weak self, clock, responseTimeout] in
                    _ = isolation
                    do { try await clock.sleep(for: responseTimeout) } catch { return }
                    self?.signalingTimedOut(identifier, on: handle, isolation: isolation)
                }
            case .cancelResponseTimer(let identifier):
                link.signalingTimers.removeValue(forKey: identifier)?.cancel()
            case .updateConnectionParameters(let request):
                updateParameters(handle, request)
            case .received(let command):
                channelSignal(command, on: link, isolation: isolation)
            case .responseReceived(let request, let response):
                channelAnswer(to: request, response, on: link, isolation: isolation)
            case .responseTimedOut(let request):
                logger.warning("signaling request on \(handle) unanswered: \(request)")
                channelAnswer(to: request, nil, on: link, isolation: isolation)
            case .dropped(let reason):
                logger.warning("signaling command on \(handle) dropped: \(reason)")
            }
        }
    }

    /// Sends one command on a link's LE signaling channel.
    func send(_ command: SignalingCommand, on link: L2CAPLink) {
        transmit(link.handle, BasicFrame(channelID: .leSignaling, payload: command.encoded))
    }

    private func signalingTimedOut(
        _ identifier: UInt8, on handle: ConnectionHandle, isolation: isolated (any Actor)?
    ) {
        guard let link = links[handle] else { return }
        link.signalingTimers[identifier] = nil
        perform(link.signaling.timeoutElapsed(identifier: identifier), on: link, isolation: isolation)
    }
}
