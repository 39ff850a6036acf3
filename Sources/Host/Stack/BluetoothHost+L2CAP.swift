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

    /// Hands a whole L2CAP frame to the owner of its channel: ATT, the Security Manager or L2CAP itself.
    private func deliver(_ frame: BasicFrame, on connection: HostConnection) {
        let handle = connection.link.handle
        switch frame.channelID {
        case .att:
            connection.bearer.received(frame.payload[...])
        case .leSignaling:
            l2cap.signalingReceived(frame.payload, on: handle)
        case .smp:
            securityManager.received(frame.payload, on: handle)
        default:
            if !l2cap.channelFrame(frame, on: handle) {
                logger.debug("L2CAP frame for channel \(frame.channelID) on \(handle) dropped")
            }
        }
    }

    func send(_ payload: [UInt8], on channel: L2CAPChannelID, to handle: ConnectionHandle) {
        transmit(BasicFrame(channelID: channel, payload: payload), to: handle)
    }

    /// As peripheral, asks the central for new connection parameters with an L2CAP Connection
    /// Parameter Update Request; the central's answer comes as ``HostEvent/connectionUpdated(_:interval:latency:supervisionTimeout:)``.
    ///
    /// Intervals are in units of 1.25 ms, the timeout in units of 10 ms.
    public func requestConnectionParameters(
        _ handle: ConnectionHandle, interval: ClosedRange<UInt16>, latency: UInt16, supervisionTimeout: UInt16
    ) throws(HostError) {
        let request = ConnectionParameterUpdateRequest(
            intervalMin: interval.lowerBound, intervalMax: interval.upperBound, latency: latency,
            timeout: supervisionTimeout)
        try l2cap.requestConnectionParameters(request, on: handle)
    }

    /// (Central) Asks the controller for the connection parameters the peripheral requested.
    func updateParameters(_ request: ConnectionParameterUpdateRequest, on handle: ConnectionHandle) {
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
