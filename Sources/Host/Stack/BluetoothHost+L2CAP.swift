import HCI

extension BluetoothHost {
    /// Takes one ACL fragment: reassembles the connection's L2CAP PDU and hands a whole one to its channel.
    func received(_ packet: ACLDataPacket) {
        guard let connection = connections[packet.handle] else {
            logger.debug("ACL data for unknown connection \(packet.handle) dropped")
            return
        }
        switch connection.reassembler.received(packet) {
        case .complete(let frame):
            deliver(frame, on: connection)
        case .incomplete:
            break
        case .dropped(let reason):
            logger.warning("L2CAP data on \(packet.handle) dropped: \(reason)")
        case .interrupted(let discarded, let restart):
            logger.warning("L2CAP PDU on \(packet.handle) cut short after \(discarded) bytes by a new one")
            if let frame = restart.frame { deliver(frame, on: connection) }
        }
    }

    private func deliver(_ frame: BasicFrame, on connection: HostConnection) {
        switch frame.channelID {
        case .att:
            connection.bearer.received(frame.payload[...])
        case .leSignaling:
            perform(connection.signaling.received(frame.payload), on: connection)
        case .smp:
            securityManagerReceived(frame.payload, on: connection)
        default:
            if !channelFrame(frame, on: connection) {
                logger.debug("L2CAP frame for channel \(frame.channelID) on \(connection.link.handle) dropped")
            }
        }
    }

    func send(_ payload: [UInt8], on channel: L2CAPChannelID, to handle: ConnectionHandle) {
        transmit(BasicFrame(channelID: channel, payload: payload).encoded, to: handle)
    }

    /// As peripheral, asks the central for new connection parameters with an L2CAP Connection
    /// Parameter Update Request; the central's answer comes as ``HostEvent/connectionUpdated(_:interval:latency:supervisionTimeout:)``.
    ///
    /// Intervals are in units of 1.25 ms, the timeout in units of 10 ms.
    public func requestConnectionParameters(
        _ handle: ConnectionHandle, interval: ClosedRange<UInt16>, latency: UInt16, supervisionTimeout: UInt16
    ) throws(HostError) {
        let connection = try connection(handle)
        let request = ConnectionParameterUpdateRequest(
            intervalMin: interval.lowerBound, intervalMax: interval.upperBound, latency: latency,
            timeout: supervisionTimeout)
        do {
            perform(try connection.signaling.send(.connectionParameterUpdate(request)), on: connection)
        } catch {
            logger.warning("connection parameter update not requested on \(handle): \(error)")
        }
    }

    func perform(_ actions: [SignalingAction], on connection: HostConnection) {
        let handle = connection.link.handle
        for action in actions {
            switch action {
            case .send(let command):
                send(command.encoded, on: .leSignaling, to: handle)
            case .startResponseTimer(let identifier):
                let (clock, timeout) = (configuration.clock, configuration.signalingTimeout)
                connection.signalingTimers[identifier] = Task {
                    do { try await clock.sleep(for: timeout) } catch { return }
                    self.signalingTimedOut(identifier, on: handle)
                }
            case .cancelResponseTimer(let identifier):
                connection.signalingTimers.removeValue(forKey: identifier)?.cancel()
            case .updateConnectionParameters(let request):
                updateParameters(request, on: handle)
            case .received(let command):
                channelSignal(command, on: connection)
            case .responseReceived(let request, let response):
                channelAnswer(to: request, response, on: connection)
            case .responseTimedOut(let request):
                logger.warning("signaling request on \(handle) unanswered: \(request)")
                channelAnswer(to: request, nil, on: connection)
            case .dropped(let reason):
                logger.warning("signaling command on \(handle) dropped: \(reason)")
            }
        }
    }

    private func signalingTimedOut(_ identifier: UInt8, on handle: ConnectionHandle) {
        guard let connection = connections[handle] else { return }
        connection.signalingTimers[identifier] = nil
        perform(connection.signaling.timeoutElapsed(identifier: identifier), on: connection)
    }

    private func updateParameters(_ request: ConnectionParameterUpdateRequest, on handle: ConnectionHandle) {
        Task {
            do {
                try await controller.execute(
                    LEConnectionUpdateCommand(
                        handle: handle, connectionIntervalMin: request.intervalMin,
                        connectionIntervalMax: request.intervalMax, maxLatency: request.latency,
                        supervisionTimeout: request.timeout, minCELength: 0, maxCELength: 0))
            } catch {
                logger.warning("connection parameters on \(handle) not updated: \(error)")
            }
        }
    }
}
