import HCI

extension BluetoothHost {
    /// The Security Manager timer: a pairing that makes no progress for this long fails.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.4.
    public static let pairingTimeout: Duration = .seconds(30)

    /// Sets who answers the user-facing steps of pairing; nil pairs with Just Works only.
    public func setPairingAgent(_ agent: (any PairingAgent)?) {
        pairingAgent = agent
    }

    /// How well the link on `handle` is protected now; unencrypted when there is no such link.
    public func security(of handle: ConnectionHandle) -> LinkSecurity {
        connections[handle]?.security ?? .unencrypted
    }

    /// Secures a link: as central, encrypts it with the bond's key if the peer is bonded, else pairs; as
    /// peripheral, sends a Security Request and waits for the central to do either. Joins a pairing under way.
    ///
    /// - Returns: The link's protection once it is encrypted (at once if it already is).
    /// - Throws: ``HostError/pairingFailed(_:_:)``, ``HostError/pairingTimeout(_:)``,
    ///   ``HostError/encryptionFailed(_:_:)`` (PIN or Key Missing when the peer lost the bond; pairing again
    ///   then starts afresh), ``HostError/disconnected(_:reason:)`` or ``HostError/notConnected(_:)``.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.4, 3.5 and 3.6.7.
    @discardableResult
    public func pair(_ handle: ConnectionHandle) async throws(HostError) -> LinkSecurity {
        let connection = try connection(handle)
        if connection.securityState.isDisabled { throw .pairingTimeout(handle) }
        if !connection.securityState.isBusy, connection.security.level > .unencrypted { return connection.security }
        let result = await withCheckedContinuation { continuation in
            connection.securityState.waiters.append(continuation)
            guard !connection.securityState.isBusy else { return }
            switch connection.link.role {
            case .central:
                if !connection.securityState.bondRejected, let bond = savedBonds.resolve(connection.link.peerAddress),
                    let key = bond.longTermKey
                {
                    encrypt(connection, with: bond, key: key)
                } else {
                    startSession(on: connection) { session in session.start() }
                }
            default:
                startSession(on: connection) { session in session.requestSecurity() }
            }
        }
        return try result.get()
    }

    /// (Central) On a new link with a bonded peer, encrypts with the bond's key and waits for the outcome; a
    /// failure is reported as ``HostEvent/pairingFailed(_:_:)`` and leaves the link up.
    func encryptWithBond(_ handle: ConnectionHandle) async {
        guard let connection = connections[handle], connection.link.role == .central,
            savedBonds.resolve(connection.link.peerAddress)?.longTermKey != nil
        else { return }
        do {
            try await pair(handle)
        } catch {
            logger.info("link \(handle) not encrypted with the bond's key: \(error)")
        }
    }

    /// Takes a PDU on the Security Manager channel and hands it to the link's pairing, starting one when the
    /// PDU opens a pairing.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.3.
    func securityManagerReceived(_ payload: [UInt8], on connection: HostConnection) {
        let state = connection.securityState
        guard !state.isDisabled, let opcode = payload.first.map(SMPOpcode.init(rawValue:)) else { return }
        if let session = state.session, !session.isFinished, session.state != .idle || opcode != .securityRequest {
            drive(connection) { session in session.received(bytes: payload) }
            return
        }
        if connection.link.role == .central, opcode == .securityRequest {
            securityRequested(payload, on: connection)
            return
        }
        startSession(on: connection) { session in session.received(bytes: payload) }
    }

    /// (Central) Answers a Security Request: encrypts with the bond's key when the peer is bonded and the key is
    /// strong enough for what it asks, else pairs.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.6.
    func securityRequested(_ payload: [UInt8], on connection: HostConnection) {
        guard !connection.securityState.isBusy else { return }
        var asksMITM = false
        if case .securityRequest(let request) = try? SMPPDU(decoding: payload) {
            asksMITM = request.authenticationRequirements.contains(.mitm)
        }
        if connection.security.level == .authenticated || (connection.security.level == .encrypted && !asksMITM) {
            return
        }
        if !connection.securityState.bondRejected, let bond = savedBonds.resolve(connection.link.peerAddress),
            let key = bond.longTermKey, bond.isAuthenticated || !asksMITM, connection.security.level == .unencrypted
        {
            encrypt(connection, with: bond, key: key)
            return
        }
        startSession(on: connection) { session in session.received(bytes: payload) }
    }

    /// Opens a new pairing on the link, in the role the link gives, and runs its first step; `requiringMITM`
    /// makes this one pairing ask for and insist on MITM protection whatever the configuration says.
    func startSession(
        on connection: HostConnection, requiringMITM: Bool = false,
        _ first: (inout PairingSession) -> [PairingSession.Action]
    ) {
        var pairing = pairingConfiguration(configuration.pairing)
        if pairingAgent == nil { pairing.ioCapability = .noInputNoOutput }
        if requiringMITM { pairing.requiresMITM = true }
        let link = connection.link
        connection.securityState.sessionID += 1
        connection.securityState.encryptionFailure = nil
        connection.securityState.session = PairingSession(
            role: link.role == .central ? .initiator : .responder,
            localAddress: localPairingAddress(of: connection),
            peerAddress: SMPAddress(type: link.peerAddressType, address: link.peerAddress),
            configuration: pairing)
        drive(connection, first)
    }

    /// Runs one step of the link's pairing and carries out the actions it returns.
    func drive(_ connection: HostConnection, _ step: (inout PairingSession) -> [PairingSession.Action]) {
        guard var session = connection.securityState.session else { return }
        let actions = step(&session)
        connection.securityState.session = session
        perform(actions, on: connection)
    }

    /// Carries out a pairing's actions in order.
    func perform(_ actions: [PairingSession.Action], on connection: HostConnection) {
        let handle = connection.link.handle
        let id = connection.securityState.sessionID
        for action in actions {
            switch action {
            case .send(let pdu):
                send(pdu.encoded, on: .smp, to: handle)
            case .startEncryption(let key, let ediv, let rand):
                connection.securityState.pendingSecurity = connection.securityState.session.flatMap {
                    negotiatedSecurity($0)
                }
                startEncryption(handle, key: key, ediv: ediv, rand: rand)
            case .displayPasskey(let passkey):
                if let agent = pairingAgent {
                    let link = connection.link
                    Task { await agent.display(passkey: passkey, on: link) }
                }
            case .requestPasskey:
                let agent = pairingAgent
                let link = connection.link
                Task {
                    let passkey = await agent?.passkey(for: link)
                    self.answered(handle, session: id) { session in
                        passkey.map { session.enterPasskey($0) } ?? session.cancelPasskeyEntry()
                    }
                }
            case .confirmNumber(let number):
                let agent = pairingAgent
                let link = connection.link
                Task {
                    let accepted = await agent?.confirm(number: number, on: link) ?? true
                    self.answered(handle, session: id) { session in session.confirmNumericComparison(accepted) }
                }
            case .armTimeout:
                connection.securityState.timer?.cancel()
                let (clock, timeout) = (configuration.clock, configuration.pairingTimeout)
                connection.securityState.timer = Task {
                    do { try await clock.sleep(for: timeout) } catch { return }
                    self.answered(handle, session: id) { session in session.timedOut() }
                }
            case .cancelTimeout:
                connection.securityState.timer?.cancel()
                connection.securityState.timer = nil
            case .completed(let result):
                pairingCompleted(result, on: connection)
            case .failed(let reason, _):
                let failure = connection.securityState.encryptionFailure
                connection.securityState.encryptionFailure = nil
                securityFinished(
                    on: connection,
                    .failure(failure.map { .encryptionFailed(handle, $0) } ?? .pairingFailed(handle, reason)))
            case .timedOut:
                connection.securityState.isDisabled = true
                connection.securityState.timer?.cancel()
                connection.securityState.timer = nil
                securityFinished(on: connection, .failure(.pairingTimeout(handle)))
            }
        }
    }

    /// Takes the agent's answer, or the timer, for the pairing that asked, if it is still the link's.
    func answered(
        _ handle: ConnectionHandle, session id: UInt64, _ step: (inout PairingSession) -> [PairingSession.Action]
    ) {
        guard let connection = connections[handle], connection.securityState.sessionID == id else { return }
        drive(connection, step)
    }

    /// Stores the keys of a bonding pairing and tells the waiting callers and the layer above.
    func pairingCompleted(_ result: PairingResult, on connection: HostConnection) {
        let handle = connection.link.handle
        if let identity = result.peerKeys.identityAddress { connection.link.identityAddress = identity }
        var bonded = false
        if result.isBonded {
            let peer = SMPAddress(type: connection.link.peerAddressType, address: connection.link.peerAddress)
            var bond = Bond(result: result, peerAddress: peer)
            bond.clientConfiguration = server.server.bondedClientConfiguration(of: handle)
            do {
                try savedBonds.save(bond)
                bonded = true
                connection.securityState.bondAddress = bond.peerAddress.address
                connection.securityState.bondRejected = false
            } catch {
                logger.error("bond with \(bond.peerAddress) not stored: \(error)")
            }
        }
        emit(.pairingCompleted(handle, bonded: bonded))
        resumeWaiters(of: connection, with: .success(connection.security))
    }

    /// Ends a pairing or encryption attempt: a failure is reported as an event; every waiting caller resumes.
    func securityFinished(on connection: HostConnection, _ outcome: Result<LinkSecurity, HostError>) {
        if case .failure(let error) = outcome { emit(.pairingFailed(connection.link.handle, error)) }
        resumeWaiters(of: connection, with: outcome)
    }

    func resumeWaiters(of connection: HostConnection, with outcome: Result<LinkSecurity, HostError>) {
        let waiters = connection.securityState.waiters
        connection.securityState.waiters = []
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
