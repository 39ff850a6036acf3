import HCI

/// Link encryption: with a pairing's key or a bond's, as central and as peripheral, and the controller's
/// report of the outcome.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.4.4.
extension SecurityManager {
    /// (Central) Encrypts the link with a bond's key.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.1.
    func encrypt(_ link: SecurityLink, with bond: Bond, key: LongTermKey) {
        link.state.isEncryptingWithBond = true
        link.state.bondAddress = bond.peerAddress.address
        link.state.pendingSecurity = LinkSecurity(
            level: bond.isAuthenticated ? .authenticated : .encrypted, keySize: Int(bond.encryptionKeySize))
        startEncryption(link.handle, key: key.value, ediv: key.ediv, rand: key.rand)
    }

    /// Asks the controller to start encryption with `key`.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.24.
    func startEncryption(_ handle: ConnectionHandle, key: UInt128, ediv: UInt16, rand: UInt64) {
        enableEncryption(
            LEEnableEncryptionCommand(
                handle: handle, randomNumber: rand, encryptedDiversifier: ediv, longTermKey: Self.wireBytes(key)))
    }

    /// (Peripheral) Answers the controller's request for the key the central starts encryption with: the
    /// pairing's STK or LTK, or a bond's LTK; without one, the refusal makes the central's controller report PIN
    /// or Key Missing.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4.2 and Vol 4, Part E, 7.7.65.5.
    func longTermKeyRequested(_ request: LELongTermKeyRequestEvent) {
        guard let link = links[request.handle] else { return }
        let ediv = request.encryptedDiversifier
        let rand = request.randomNumber
        var key: UInt128?
        if let session = link.state.session, let sessionKey = session.longTermKey(forEDIV: ediv, rand: rand) {
            key = sessionKey
            link.state.pendingSecurity = negotiatedSecurity(session)
        } else if let bond = bonds.resolve(link.peer.address), let bondKey = bond.longTermKey(forEDIV: ediv, rand: rand)
        {
            key = bondKey
            link.state.bondAddress = bond.peerAddress.address
            link.state.pendingSecurity = LinkSecurity(
                level: bond.isAuthenticated ? .authenticated : .encrypted, keySize: Int(bond.encryptionKeySize))
            link.state.pendingRestore = bond.clientConfiguration
        }
        replyLongTermKey(request.handle, key)
    }

    /// Takes Encryption Change (or Encryption Key Refresh Complete): records the link's new protection, tells
    /// the GATT server and the pairing, and ends an encryption with a bond's key.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.8 and 7.7.39.
    func encryptionChanged(
        _ handle: ConnectionHandle, status: HCIStatus, enabled: Bool, keySize: UInt8?,
        isolation: isolated (any Actor)? = #isolation
    ) {
        guard let link = links[handle] else { return }
        let state = link.state
        link.state.isEncryptingWithBond = false
        link.state.pendingSecurity = nil
        guard status.isSuccess else {
            link.state.pendingRestore = nil
            if link.security.level == .unencrypted { link.state.bondAddress = nil }
            if state.isEncryptingWithBond, status == .pinOrKeyMissing { link.state.bondRejected = true }
            if let session = state.session, !session.isFinished, session.state != .idle {
                link.state.encryptionFailure = status
                drive(link, isolation: isolation) { session in session.encryptionChanged(enabled: false) }
            }
            if !link.state.waiters.isEmpty || state.isEncryptingWithBond {
                securityFinished(on: link, .failure(.encryptionFailed(handle, status)))
            }
            return
        }
        var security = enabled ? (state.pendingSecurity ?? link.security) : .unencrypted
        if enabled, security.level == .unencrypted { security = .encrypted }
        if enabled, let keySize { security.keySize = Int(keySize) }
        link.security = security
        link.state.pendingRestore = nil
        secured(handle, security, enabled ? state.pendingRestore : nil)
        emit(.encryptionChanged(handle, security))
        drive(link, isolation: isolation) { session in session.encryptionChanged(enabled: enabled, keySize: keySize) }
        if !link.state.isBusy { resumeWaiters(of: link, with: .success(security)) }
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
