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
                case .authenticate: _ = try await securityManager.pairAgain(handle, requiringMITM: true)
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
        guard case .gatt(_, .procedure(.attError(let code, _))) = error, connections[handle] != nil else { return nil }
        switch (code, security(of: handle).level) {
        case (.insufficientAuthentication, .unencrypted), (.insufficientEncryption, .unencrypted):
            return .secure
        case (.insufficientAuthentication, .encrypted):
            return securityManager.canAuthenticate ? .authenticate : nil
        default:
            return nil
        }
    }
}
