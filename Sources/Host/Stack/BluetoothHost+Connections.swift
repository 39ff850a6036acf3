import HCI

extension BluetoothHost {
    /// Connects to an advertiser as central, exchanges MTU and asks for the longest data length (when the
    /// controller has the data length extension), and returns the link.
    ///
    /// - Parameter timeout: How long to try before cancelling; nil tries until ``cancelConnect()``,
    ///   as CoreBluetooth does.
    /// - Throws: ``HostError/connectionTimeout(_:)``, ``HostError/connectionCancelled(_:)``,
    ///   ``HostError/connectionFailed(_:_:)``, ``HostError/connectionInProgress``, or the controller's failure.
    public func connect(
        to address: BluetoothAddress, type: AddressType, timeout: Duration? = nil
    ) async throws(HostError) -> HostLink {
        if stopped { throw .stopped }
        guard pendingConnection == nil else { throw .connectionInProgress }
        let ownAddressType = try await privacy.ownAddressType()
        guard pendingConnection == nil else { throw .connectionInProgress }
        let id = nextAttemptID
        nextAttemptID += 1
        pendingConnection = PendingConnection(id: id, address: address)
        do {
            try await gap.createConnection(to: address, type: type, ownAddressType: ownAddressType)
        } catch {
            if pendingConnection?.id == id { pendingConnection = nil }
            throw .controller(error)
        }
        if let timeout {
            pendingConnection?.timer = Task { [clock = configuration.clock] in
                do { try await clock.sleep(for: timeout) } catch { return }
                await self.cancelAttempt(id: id, because: .connectionTimeout(address))
            }
        }
        let outcome = await withCheckedContinuation { continuation in
            if let outcome = pendingConnection?.outcome {
                pendingConnection = nil
                continuation.resume(returning: outcome)
            } else {
                pendingConnection?.waiter = continuation
            }
        }
        return try outcome.get()
    }

    /// Whether a connection attempt is under way.
    public var isConnecting: Bool { pendingConnection != nil }

    /// Cancels the connection attempt under way, if any; its caller gets ``HostError/connectionCancelled(_:)``.
    public func cancelConnect() async {
        guard let pending = pendingConnection else { return }
        await cancelAttempt(id: pending.id, because: .connectionCancelled(pending.address))
    }

    private func cancelAttempt(id: UInt64, because reason: HostError) async {
        guard pendingConnection?.id == id, pendingConnection?.cancellation == nil else { return }
        pendingConnection?.cancellation = reason
        do {
            _ = try await controller.execute(LECreateConnectionCancelCommand())
        } catch {
            logger.debug("connection attempt not cancelled: \(error)")
        }
    }

    /// Disconnects a link; returns once the controller reports it down (at once when it already went down).
    public func disconnect(
        _ handle: ConnectionHandle, reason: HCIStatus = .remoteUserTerminatedConnection
    ) async throws(HostError) {
        _ = try connection(handle)
        do {
            try await controller.execute(DisconnectCommand(handle: handle, reason: reason))
        } catch .commandFailed(_, let status) where status == .unknownConnectionIdentifier {
            logger.debug("\(handle) was already down when we disconnected it")
        } catch {
            throw .controller(error)
        }
        await withCheckedContinuation { continuation in
            if connections[handle] == nil {
                continuation.resume()
            } else {
                disconnectionWaiters[handle, default: []].append(continuation)
            }
        }
    }

    /// Reads the link's received signal strength, in dBm.
    public func readRSSI(_ handle: ConnectionHandle) async throws(HostError) -> Int8 {
        _ = try connection(handle)
        do {
            return try await controller.execute(ReadRSSICommand(handle: handle)).rssi
        } catch {
            throw .controller(error)
        }
    }

    func linkCompleted(_ result: Result<LinkEstablished, HCIError>) {
        switch result {
        case .failure(let error):
            guard case .commandFailed(_, let status) = error else { return }
            finishPendingConnection(
                .failure(
                    pendingConnection?.cancellation ?? .connectionFailed(pendingConnection?.address ?? .zero, status)))
        case .success(let established):
            let link = HostLink(
                handle: established.handle, role: established.role, peerAddress: established.peerAddress,
                peerAddressType: established.peerAddressType, mtu: ATTBearer.minimumMTU)
            let connection = makeConnection(link)
            privacyLinkUp(connection)
            connections[link.handle] = connection
            l2cap.linkUp(link.handle, role: link.role)
            gattClient.linkUp(link.handle, bearer: connection.bearer)
            securityManager.linkUp(connection.link, local: privacy.localAddress(of: link.handle))
            server.attach(connection.bearer, connection: link.handle)
            if established.role == .central { pendingConnection?.handle = link.handle }
            emit(.connected(connection.link))
            Task { await self.negotiate(link.handle, isAttempt: established.role == .central) }
        }
    }

    private func negotiate(_ handle: ConnectionHandle, isAttempt: Bool) async {
        guard let connection = connections[handle] else { return }
        if configuration.negotiatesLinkOnConnect {
            if controllerInfo.canSetDataLength {
                do {
                    _ = try await controller.execute(
                        LESetDataLengthCommand(handle: handle, txOctets: 251, txTime: 2120))
                } catch {
                    logger.debug("data length not updated on \(handle): \(error)")
                }
            }
            if isAttempt {
                do {
                    _ = try await connection.bearer.exchangeMTU()
                } catch {
                    logger.debug("MTU not exchanged on \(handle): \(error)")
                }
            }
        }
        if isAttempt { await securityManager.encryptWithBond(handle) }
        if isAttempt, let connection = connections[handle], pendingConnection?.handle == handle {
            // A peer silent through the MTU exchange timed the bearer out, and the link is on its way down.
            finishPendingConnection(
                connection.bearer.isOpen ? .success(connection.link) : .failure(.att(handle, .timeout)))
        }
    }

    private func makeConnection(_ link: HostLink) -> HostConnection {
        let handle = link.handle
        let bearer = ATTBearer(
            localMTU: configuration.preferredMTU, clock: configuration.clock,
            transactionTimeout: configuration.transactionTimeout, logger: logger
        ) { pdu in
            self.transmit(BasicFrame(channelID: .att, payload: pdu), to: handle)
        }
        let connection = HostConnection(
            link: link, maximumPDUSize: configuration.maximumL2CAPPDUSize, bearer: bearer)
        bearer.mtuHandler = { [weak connection] mtu in
            connection?.link.mtu = mtu
            self.emit(.mtuChanged(handle, mtu: mtu))
        }
        bearer.closeHandler = { [weak connection] error in
            connection?.teardownReason = .connectionTimeout
            self.logger.warning("ATT bearer on \(handle) closed (\(error)); disconnecting")
            Task { try? await self.disconnect(handle) }
        }
        return connection
    }

    func linkDown(_ handle: ConnectionHandle, reason: HCIStatus) {
        guard let connection = connections.removeValue(forKey: handle) else { return }
        let reported = reason == .connectionTerminatedByLocalHost ? connection.teardownReason ?? reason : reason
        if pendingConnection?.handle == handle {
            finishPendingConnection(.failure(.disconnected(handle, reason: reported)))
        }
        l2cap.linkDown(handle)
        gattClient.linkDown(handle)
        connection.bearer.disconnected(reason: reason)
        securityManager.linkDown(handle, reason: reason)
        privacy.linkDown(handle)
        server.disconnected(handle)
        emit(.disconnected(handle, reason: reported))
        for waiter in disconnectionWaiters.removeValue(forKey: handle) ?? [] { waiter.resume() }
        for waiter in writeRoomWaiters.removeValue(forKey: handle) ?? [] { waiter.resume() }
    }

    func finishPendingConnection(_ outcome: Result<HostLink, HostError>) {
        guard var pending = pendingConnection else { return }
        pending.timer?.cancel()
        if let waiter = pending.waiter {
            pendingConnection = nil
            waiter.resume(returning: outcome)
        } else {
            pending.outcome = outcome
            pendingConnection = pending
        }
    }

    func acceptParameters(_ request: LERemoteConnectionParameterRequestEvent) {
        Task {
            do {
                _ = try await controller.execute(
                    LERemoteConnectionParameterRequestReplyCommand(
                        handle: request.handle, intervalMin: request.intervalMin, intervalMax: request.intervalMax,
                        maxLatency: request.maxLatency, timeout: request.timeout, minCELength: 0, maxCELength: 0))
            } catch {
                logger.debug("connection parameter request on \(request.handle) not answered: \(error)")
            }
        }
    }
}
