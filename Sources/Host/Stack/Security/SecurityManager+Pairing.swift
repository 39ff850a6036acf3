import HCI

/// Pairing: starting and joining pairings, the SMP channel, and carrying out what a ``PairingSession`` asks.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.4 and 3.
extension SecurityManager {
    /// Secures a link: as central, encrypts it with the bond's key if the peer is bonded, else pairs; as
    /// peripheral, sends a Security Request and waits for the central to do either. Joins a pairing under way.
    func pair(
        _ handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> LinkSecurity {
        let link = try link(handle)
        if link.state.isDisabled { throw .pairingTimeout(handle) }
        if !link.state.isBusy, link.security.level > .unencrypted { return link.security }
        let result = await withCheckedContinuation(isolation: isolation) { continuation in
            link.state.waiters.append(continuation)
            guard !link.state.isBusy else { return }
            switch link.role {
            case .central:
                if !link.state.bondRejected, let bond = bonds.resolve(link.peer.address), let key = bond.longTermKey {
                    encrypt(link, with: bond, key: key)
                } else {
                    startSession(on: link, isolation: isolation) { session in session.start() }
                }
            default:
                startSession(on: link, isolation: isolation) { session in session.requestSecurity() }
            }
        }
        return try result.get()
    }

    /// Pairs on a link even though it is already encrypted, to replace its key with a stronger one: as central,
    /// with a Pairing Request; as peripheral, with a Security Request. Joins a pairing under way.
    func pairAgain(
        _ handle: ConnectionHandle, requiringMITM: Bool, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> LinkSecurity {
        let link = try link(handle)
        if link.state.isDisabled { throw .pairingTimeout(handle) }
        let result = await withCheckedContinuation(isolation: isolation) { continuation in
            link.state.waiters.append(continuation)
            guard !link.state.isBusy else { return }
            switch link.role {
            case .central:
                startSession(on: link, requiringMITM: requiringMITM, isolation: isolation) { session in session.start()
                }
            default:
                startSession(on: link, requiringMITM: requiringMITM, isolation: isolation) { session in
                    session.requestSecurity()
                }
            }
        }
        return try result.get()
    }

    /// (Central) On a new link with a bonded peer, encrypts with the bond's key and waits for the outcome; a
    /// failure is reported as ``HostEvent/pairingFailed(_:_:)`` and leaves the link up.
    func encryptWithBond(_ handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation) async {
        guard let link = links[handle], link.role == .central, bonds.resolve(link.peer.address)?.longTermKey != nil
        else { return }
        do {
            _ = try await pair(handle, isolation: isolation)
        } catch {
            logger.info("link \(handle) not encrypted with the bond's key: \(error)")
        }
    }

    /// Takes a PDU on the Security Manager channel and hands it to the link's pairing, starting one when the
    /// PDU opens a pairing.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.3.
    func received(_ payload: [UInt8], on handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation) {
        guard let link = links[handle] else { return }
        let state = link.state
        guard !state.isDisabled, let opcode = payload.first.map(SMPOpcode.init(rawValue:)) else { return }
        if let session = state.session, !session.isFinished, session.state != .idle || opcode != .securityRequest {
            drive(link, isolation: isolation) { session in session.received(bytes: payload) }
            return
        }
        if link.role == .central, opcode == .securityRequest {
            securityRequested(payload, on: link, isolation: isolation)
            return
        }
        startSession(on: link, isolation: isolation) { session in session.received(bytes: payload) }
    }

    /// (Central) Answers a Security Request: encrypts with the bond's key when the peer is bonded and the key is
    /// strong enough for what it asks, else pairs.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.6.
    private func securityRequested(_ payload: [UInt8], on link: SecurityLink, isolation: isolated (any Actor)?) {
        guard !link.state.isBusy else { return }
        var asksMITM = false
        if case .securityRequest(let request) = try? SMPPDU(decoding: payload) {
            asksMITM = request.authenticationRequirements.contains(.mitm)
        }
        if link.security.level == .authenticated || (link.security.level == .encrypted && !asksMITM) {
            return
        }
        if !link.state.bondRejected, let bond = bonds.resolve(link.peer.address), let key = bond.longTermKey,
            bond.isAuthenticated || !asksMITM, link.security.level == .unencrypted
        {
            encrypt(link, with: bond, key: key)
            return
        }
        startSession(on: link, isolation: isolation) { session in session.received(bytes: payload) }
    }

    /// Opens a new pairing on the link, in the role the link gives, and runs its first step; `requiringMITM`
    /// makes this one pairing ask for and insist on MITM protection whatever the configuration says.
    private func startSession(
        on link: SecurityLink, requiringMITM: Bool = false, isolation: isolated (any Actor)?,
        _ first: (inout PairingSession) -> [PairingSession.Action]
    ) {
        var configuration = sessionConfiguration
        if agent == nil { configuration.ioCapability = .noInputNoOutput }
        if requiringMITM { configuration.requiresMITM = true }
        link.state.sessionID += 1
        link.state.encryptionFailure = nil
        link.state.session = PairingSession(
            role: link.role == .central ? .initiator : .responder, localAddress: link.local, peerAddress: link.peer,
            configuration: configuration)
        drive(link, isolation: isolation, first)
    }

    /// Runs one step of the link's pairing and carries out the actions it returns.
    func drive(
        _ link: SecurityLink, isolation: isolated (any Actor)?,
        _ step: (inout PairingSession) -> [PairingSession.Action]
    ) {
        guard var session = link.state.session else { return }
        let actions = step(&session)
        link.state.session = session
        perform(actions, on: link, isolation: isolation)
    }

    /// Carries out a pairing's actions in order.
    private func perform(_ actions: [PairingSession.Action], on link: SecurityLink, isolation: isolated (any Actor)?) {
        let handle = link.handle
        let id = link.state.sessionID
        for action in actions {
            switch action {
            case .send(let pdu):
                transmit(handle, BasicFrame(channelID: .smp, payload: pdu.encoded))
            case .startEncryption(let key, let ediv, let rand):
                link.state.pendingSecurity = link.state.session.flatMap { negotiatedSecurity($0) }
                startEncryption(handle, key: key, ediv: ediv, rand: rand)
            case .displayPasskey(let passkey):
                if let agent, let shown = hostLink(handle) {
                    Task { await agent.display(passkey: passkey, on: shown) }
                }
            case .requestPasskey:
                let agent = agent
                let shown = hostLink(handle)
                Task { [weak self] in
                    _ = isolation
                    var passkey: UInt32?
                    if let agent, let shown { passkey = await agent.passkey(for: shown) }
                    self?.answered(handle, session: id, isolation: isolation) { session in
                        passkey.map { session.enterPasskey($0) } ?? session.cancelPasskeyEntry()
                    }
                }
            case .confirmNumber(let number):
                let agent = agent
                let shown = hostLink(handle)
                Task { [weak self] in
                    _ = isolation
                    var accepted = true
                    if let agent, let shown { accepted = await agent.confirm(number: number, on: shown) }
                    self?.answered(handle, session: id, isolation: isolation) { session in
                        session.confirmNumericComparison(accepted)
                    }
                }
            case .armTimeout:
                link.state.timer?.cancel()
                link.state.timer = Task { [weak self, clock, timeout] in
                    _ = isolation
                    do { try await clock.sleep(for: timeout) } catch { return }
                    self?.answered(handle, session: id, isolation: isolation) { session in session.timedOut() }
                }
            case .cancelTimeout:
                link.state.timer?.cancel()
                link.state.timer = nil
            case .completed(let result):
                pairingCompleted(result, on: link)
            case .failed(let reason, _):
                let failure = link.state.encryptionFailure
                link.state.encryptionFailure = nil
                securityFinished(
                    on: link, .failure(failure.map { .encryptionFailed(handle, $0) } ?? .pairingFailed(handle, reason)))
            case .timedOut:
                link.state.isDisabled = true
                link.state.timer?.cancel()
                link.state.timer = nil
                securityFinished(on: link, .failure(.pairingTimeout(handle)))
            }
        }
    }

    /// Takes the agent's answer, or the timer, for the pairing that asked, if it is still the link's.
    private func answered(
        _ handle: ConnectionHandle, session id: UInt64, isolation: isolated (any Actor)?,
        _ step: (inout PairingSession) -> [PairingSession.Action]
    ) {
        guard let link = links[handle], link.state.sessionID == id else { return }
        drive(link, isolation: isolation, step)
    }

    /// Stores the keys of a bonding pairing and tells the waiting callers and the layer above.
    private func pairingCompleted(_ result: PairingResult, on link: SecurityLink) {
        let handle = link.handle
        if let identity = result.peerKeys.identityAddress { identified(handle, identity) }
        var bonded = false
        if result.isBonded {
            var bond = Bond(result: result, peerAddress: link.peer)
            bond.clientConfiguration = clientConfiguration(handle)
            do {
                try bonds.save(bond)
                bonded = true
                link.state.bondAddress = bond.peerAddress.address
                link.state.bondRejected = false
            } catch {
                logger.error("bond with \(bond.peerAddress) not stored: \(error)")
            }
        }
        emit(.pairingCompleted(handle, bonded: bonded))
        resumeWaiters(of: link, with: .success(link.security))
    }

    /// Ends a pairing or encryption attempt: a failure is reported as an event; every waiting caller resumes.
    func securityFinished(on link: SecurityLink, _ outcome: Result<LinkSecurity, HostError>) {
        if case .failure(let error) = outcome { emit(.pairingFailed(link.handle, error)) }
        resumeWaiters(of: link, with: outcome)
    }

    func resumeWaiters(of link: SecurityLink, with outcome: Result<LinkSecurity, HostError>) {
        let waiters = link.state.waiters
        link.state.waiters = []
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
