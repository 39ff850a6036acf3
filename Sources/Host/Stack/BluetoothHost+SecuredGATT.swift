import HCI

extension BluetoothHost {
    /// Runs a GATT client procedure as iOS does, securing the link once when the server asks for it and running
    /// the procedure once more; no path retries twice.
    ///
    /// - Insufficient Authentication or Insufficient Encryption on a link that is not encrypted: ``pair(_:)``
    ///   (encryption with the bond's key, or pairing).
    /// - Insufficient Authentication on a link encrypted with an unauthenticated key (Just Works): pairing again,
    ///   requiring MITM protection, when this host's IO capability and pairing agent can give it; else the error.
    /// - Insufficient Encryption Key Size, or any of these on a link already as secure as it gets: the error,
    ///   without pairing, since pairing again with the same devices gives the same key size.
    ///
    /// - Throws: The procedure's error; when securing fails, the original ATT error, except
    ///   ``HostError/encryptionFailed(_:_:)`` with PIN or Key Missing (the peer lost the bond), which is thrown as
    ///   it is. The pairing's own outcome is also reported as a ``HostEvent``.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.3.2; Vol 3, Part G, 8.1; Vol 3, Part H, 2.4.
    public func runSecured<P: GATTClientProcedure>(
        _ procedure: P, on handle: ConnectionHandle
    ) async throws(HostError) -> P.Result {
        do {
            return try await run(procedure, on: handle)
        } catch {
            guard let step = securityStep(after: error, on: handle) else { throw error }
            do {
                switch step {
                case .secure: try await pair(handle)
                case .authenticate: try await pairAgain(handle, requiringMITM: true)
                }
            } catch .encryptionFailed(let failed, .pinOrKeyMissing) {
                throw .encryptionFailed(failed, .pinOrKeyMissing)
            } catch let failure {
                logger.info("link \(handle) not secured for a GATT procedure: \(failure)")
                throw error
            }
            return try await run(procedure, on: handle)
        }
    }

    /// What a GATT client does about a server's security error before its one retry.
    enum SecurityStep {
        /// Encrypt the link with the bond's key, or pair.
        case secure
        /// Pair again, requiring MITM protection.
        case authenticate
    }

    /// The step that may satisfy the server after `error` on the link, or nil when none can.
    func securityStep(after error: HostError, on handle: ConnectionHandle) -> SecurityStep? {
        guard case .gatt(_, .procedure(.attError(let code, _))) = error, let connection = connections[handle] else {
            return nil
        }
        switch (code, connection.security.level) {
        case (.insufficientAuthentication, .unencrypted), (.insufficientEncryption, .unencrypted):
            return .secure
        case (.insufficientAuthentication, .encrypted):
            return canAuthenticate ? .authenticate : nil
        default:
            return nil
        }
    }

    /// Whether a pairing this host takes part in can be authenticated: it has a pairing agent and an IO
    /// capability other than NoInputNoOutput (the peer's own capability decides the rest).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1.
    var canAuthenticate: Bool {
        pairingAgent != nil && configuration.pairing.ioCapability != .noInputNoOutput
    }

    /// Pairs on a link even though it is already encrypted, to replace its key with a stronger one: as central,
    /// with a Pairing Request; as peripheral, with a Security Request. Joins a pairing under way.
    ///
    /// - Returns: The link's protection once the new key encrypts it.
    /// - Throws: As ``pair(_:)``; ``HostError/pairingFailed(_:_:)`` with Authentication Requirements when MITM
    ///   protection is required and the two devices cannot give it. The old key then stays.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.2 and 3.6.7.
    @discardableResult
    func pairAgain(_ handle: ConnectionHandle, requiringMITM: Bool) async throws(HostError) -> LinkSecurity {
        let connection = try connection(handle)
        if connection.securityState.isDisabled { throw .pairingTimeout(handle) }
        let result = await withCheckedContinuation { continuation in
            connection.securityState.waiters.append(continuation)
            guard !connection.securityState.isBusy else { return }
            switch connection.link.role {
            case .central: startSession(on: connection, requiringMITM: requiringMITM) { session in session.start() }
            default: startSession(on: connection, requiringMITM: requiringMITM) { session in session.requestSecurity() }
            }
        }
        return try result.get()
    }
}
