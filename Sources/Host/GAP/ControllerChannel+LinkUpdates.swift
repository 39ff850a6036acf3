import HCI

/// Procedures on an established link at the HCI level: data length, PHY, parameters, encryption.
extension ControllerChannel {
    /// Asks for the largest data length (251 octets) and waits for the link's Data Length Change.
    public func updateDataLength(
        _ handle: ConnectionHandle, txOctets: UInt16 = 251, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LEDataLengthChangeEvent {
        _ = try await execute(LESetDataLengthCommand(handle: handle, txOctets: txOctets, txTime: 2120))
        return try await waitForEvent("data length change on \(handle)", timeout: timeout) { event in
            guard case .leMeta(.dataLengthChange(let e)) = event, e.handle == handle else { return nil }
            return e
        }
    }

    /// Asks for a PHY and waits for the link's PHY Update Complete.
    public func updatePHY(
        _ handle: ConnectionHandle, to phys: PHYMask, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LEPHYUpdateCompleteEvent {
        try await execute(LESetPHYCommand(handle: handle, allPHYs: 0, txPHYs: phys, rxPHYs: phys, phyOptions: 0))
        let update = try await waitForPHYUpdate(handle, timeout: timeout)
        guard update.status.isSuccess else {
            throw .commandFailed(opcode: LESetPHYCommand.opcode, status: update.status)
        }
        return update
    }

    /// Waits for the link's next PHY Update Complete, as the side that did not ask for it.
    public func waitForPHYUpdate(
        _ handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LEPHYUpdateCompleteEvent {
        try await waitForEvent("PHY update on \(handle)", timeout: timeout) { event in
            guard case .leMeta(.phyUpdateComplete(let e)) = event, e.handle == handle else { return nil }
            return e
        }
    }

    /// Asks for new connection parameters and waits for Connection Update Complete.
    ///
    /// Intervals are in units of 1.25 ms, the timeout in units of 10 ms.
    public func updateConnectionParameters(
        _ handle: ConnectionHandle, interval: ClosedRange<UInt16>, latency: UInt16, supervisionTimeout: UInt16,
        timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LEConnectionUpdateCompleteEvent {
        try await execute(
            LEConnectionUpdateCommand(
                handle: handle, connectionIntervalMin: interval.lowerBound, connectionIntervalMax: interval.upperBound,
                maxLatency: latency, supervisionTimeout: supervisionTimeout, minCELength: 0, maxCELength: 0))
        let update = try await waitForConnectionUpdate(handle, timeout: timeout)
        guard update.status.isSuccess else {
            throw .commandFailed(opcode: LEConnectionUpdateCommand.opcode, status: update.status)
        }
        return update
    }

    /// Waits for the link's next Connection Update Complete.
    public func waitForConnectionUpdate(
        _ handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LEConnectionUpdateCompleteEvent {
        try await waitForEvent("connection update on \(handle)", timeout: timeout) { event in
            guard case .leMeta(.connectionUpdateComplete(let e)) = event, e.handle == handle else { return nil }
            return e
        }
    }

    /// As central, starts encryption with a long-term key and waits for Encryption Change;
    /// returns whether the link is now encrypted.
    public func startEncryption(
        _ handle: ConnectionHandle, longTermKey: [UInt8], randomNumber: UInt64 = 0, encryptedDiversifier: UInt16 = 0,
        timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> Bool {
        try await execute(
            LEEnableEncryptionCommand(
                handle: handle, randomNumber: randomNumber, encryptedDiversifier: encryptedDiversifier,
                longTermKey: longTermKey))
        return try await waitForEncryptionChange(handle, timeout: timeout)
    }

    /// Waits for the link's Encryption Change (v1 or v2); returns whether the link is encrypted,
    /// and throws the status when encryption failed.
    public func waitForEncryptionChange(
        _ handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> Bool {
        let (status, enabled) = try await waitForEvent("encryption change on \(handle)", timeout: timeout) {
            event -> (HCIStatus, Bool)? in
            switch event {
            case .encryptionChange(let e) where e.handle == handle: (e.status, e.encryptionEnabled != 0)
            case .encryptionChangeV2(let e) where e.handle == handle: (e.status, e.encryptionEnabled != 0)
            default: nil
            }
        }
        guard status.isSuccess else { throw .commandFailed(opcode: LEEnableEncryptionCommand.opcode, status: status) }
        return enabled
    }

    /// As peripheral, waits for the controller to ask for the link's long-term key.
    public func waitForLongTermKeyRequest(
        _ handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LELongTermKeyRequestEvent {
        try await waitForEvent("long-term key request on \(handle)", timeout: timeout) { event in
            guard case .leMeta(.longTermKeyRequest(let e)) = event, e.handle == handle else { return nil }
            return e
        }
    }

    /// As peripheral, answers a long-term key request with the key.
    public func replyLongTermKey(_ handle: ConnectionHandle, _ longTermKey: [UInt8]) async throws(HCIError) {
        _ = try await execute(LELongTermKeyRequestReplyCommand(handle: handle, longTermKey: longTermKey))
    }
}

extension ControllerChannel {
    /// Waits for the peer's connection parameter request on a link and accepts it as asked;
    /// returns the request.
    public func acceptConnectionParameterRequest(
        _ handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LERemoteConnectionParameterRequestEvent {
        let request = try await waitForEvent("connection parameter request on \(handle)", timeout: timeout) {
            event -> LERemoteConnectionParameterRequestEvent? in
            guard case .leMeta(.remoteConnectionParameterRequest(let e)) = event, e.handle == handle else { return nil }
            return e
        }
        _ = try await execute(
            LERemoteConnectionParameterRequestReplyCommand(
                handle: handle, intervalMin: request.intervalMin, intervalMax: request.intervalMax,
                maxLatency: request.maxLatency, timeout: request.timeout, minCELength: 0, maxCELength: 0))
        return request
    }
}
