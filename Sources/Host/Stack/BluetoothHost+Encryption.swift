import HCI

extension BluetoothHost {
    /// (Central) Encrypts the link with a bond's key.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.1.
    func encrypt(_ connection: HostConnection, with bond: Bond, key: LongTermKey) {
        connection.securityState.isEncryptingWithBond = true
        connection.securityState.bondAddress = bond.peerAddress.address
        connection.securityState.pendingSecurity = LinkSecurity(
            level: bond.isAuthenticated ? .authenticated : .encrypted, keySize: Int(bond.encryptionKeySize))
        startEncryption(connection.link.handle, key: key.value, ediv: key.ediv, rand: key.rand)
    }

    /// Sends LE Enable Encryption; a refusal counts as failed encryption.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.24.
    func startEncryption(_ handle: ConnectionHandle, key: UInt128, ediv: UInt16, rand: UInt64) {
        let command = LEEnableEncryptionCommand(
            handle: handle, randomNumber: rand, encryptedDiversifier: ediv, longTermKey: Self.wireBytes(key))
        Task { await self.enableEncryption(command) }
    }

    func enableEncryption(_ command: LEEnableEncryptionCommand) async {
        do {
            try await controller.execute(command)
        } catch {
            var status = HCIStatus.unspecifiedError
            if case .commandFailed(_, let refusal) = error { status = refusal }
            encryptionChanged(command.handle, status: status, enabled: false, keySize: nil)
        }
    }

    /// (Peripheral) Answers the controller's request for the key the central starts encryption with: the
    /// pairing's STK or LTK, or a bond's LTK; without one, the negative reply makes the central's controller
    /// report PIN or Key Missing.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.2 and Vol 4, Part E, 7.7.65.5.
    func longTermKeyRequested(_ request: LELongTermKeyRequestEvent) {
        guard let connection = connections[request.handle] else { return }
        let ediv = request.encryptedDiversifier
        let rand = request.randomNumber
        var key: UInt128?
        if let session = connection.securityState.session,
            let sessionKey = session.longTermKey(forEDIV: ediv, rand: rand)
        {
            key = sessionKey
            connection.securityState.pendingSecurity = negotiatedSecurity(session)
        } else if let bond = savedBonds.resolve(connection.link.peerAddress),
            let bondKey = bond.longTermKey(forEDIV: ediv, rand: rand)
        {
            key = bondKey
            connection.securityState.bondAddress = bond.peerAddress.address
            connection.securityState.pendingSecurity = LinkSecurity(
                level: bond.isAuthenticated ? .authenticated : .encrypted, keySize: Int(bond.encryptionKeySize))
            connection.securityState.pendingRestore = bond.clientConfiguration
        }
        let handle = request.handle
        Task {
            do {
                if let key {
                    _ = try await controller.execute(
                        LELongTermKeyRequestReplyCommand(handle: handle, longTermKey: Self.wireBytes(key)))
                } else {
                    _ = try await controller.execute(LELongTermKeyRequestNegativeReplyCommand(handle: handle))
                }
            } catch {
                logger.warning("LTK request on \(handle) not answered: \(error)")
            }
        }
    }

    /// Takes Encryption Change (or Encryption Key Refresh Complete): records the link's new protection, tells
    /// the GATT server and the pairing, and ends an encryption with a bond's key.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.8 and 7.7.39.
    func encryptionChanged(_ handle: ConnectionHandle, status: HCIStatus, enabled: Bool, keySize: UInt8?) {
        guard let connection = connections[handle] else { return }
        let state = connection.securityState
        connection.securityState.isEncryptingWithBond = false
        connection.securityState.pendingSecurity = nil
        guard status.isSuccess else {
            connection.securityState.pendingRestore = nil
            if connection.security.level == .unencrypted { connection.securityState.bondAddress = nil }
            if state.isEncryptingWithBond, status == .pinOrKeyMissing { connection.securityState.bondRejected = true }
            if let session = state.session, !session.isFinished, session.state != .idle {
                connection.securityState.encryptionFailure = status
                drive(connection) { session in session.encryptionChanged(enabled: false) }
            }
            if !connection.securityState.waiters.isEmpty || state.isEncryptingWithBond {
                securityFinished(on: connection, .failure(.encryptionFailed(handle, status)))
            }
            return
        }
        var security = enabled ? (state.pendingSecurity ?? connection.security) : .unencrypted
        if enabled, security.level == .unencrypted { security = .encrypted }
        if enabled, let keySize { security.keySize = Int(keySize) }
        connection.security = security
        server.updateSecurity(security, for: handle)
        connection.securityState.pendingRestore = nil
        if enabled, let saved = state.pendingRestore { server.restore(saved, for: handle) }
        emit(.encryptionChanged(handle, security))
        drive(connection) { session in session.encryptionChanged(enabled: enabled, keySize: keySize) }
        if !connection.securityState.isBusy { resumeWaiters(of: connection, with: .success(security)) }
    }

    /// The protection a pairing's key gives the link, once the features are negotiated.
    func negotiatedSecurity(_ session: PairingSession) -> LinkSecurity? {
        guard let negotiation = session.context.negotiation else { return nil }
        return LinkSecurity(
            level: negotiation.method.isAuthenticated ? .authenticated : .encrypted,
            keySize: Int(negotiation.keySize))
    }

    /// A key as HCI commands carry it: least significant octet first.
    static func wireBytes(_ key: UInt128) -> [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: key >> (8 * $0)) }
    }
}
