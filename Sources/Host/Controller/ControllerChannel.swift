import HCI

/// The host's end of one controller: sends commands under the controller's credit and matches
/// their answers, sends ACL data under its buffer count, and hands up events and received data.
///
/// Commands time out on the injected clock, since some controllers never answer some commands.
public actor ControllerChannel {
    /// How long a command waits for Command Complete or Command Status unless the transport or the host says
    /// otherwise.
    public static let defaultCommandTimeout: Duration = .seconds(10)
    /// How long a command may wait for Command Complete or Command Status.
    public nonisolated let commandTimeout: Duration
    /// How many events and ACL packets are kept for the layer above before the oldest is dropped.
    public let receiveBufferLimit: Int
    /// How many received events were dropped because the layer above did not take them.
    public private(set) var droppedEvents = 0

    private let transport: any HCITransport
    private let clock: any Clock<Duration>
    private let outbound = PacketBatchQueue()
    private var commands = CommandQueue()
    private var replies: [UInt64: CheckedContinuation<Reply, any Error>] = [:]
    private var timers: [UInt64: Task<Void, Never>] = [:]
    private var nextID: UInt64 = 0
    @exclusivity(unchecked) private var acl = ACLTransmitter()
    private let aclQueueLimit: Int
    @exclusivity(unchecked) private var events: [KnownEvent] = []
    @exclusivity(unchecked) private var eventWaiters: [UInt64: EventWaiter] = [:]
    @exclusivity(unchecked) private var received: [ACLDataPacket] = []
    @exclusivity(unchecked) private var aclWaiters: [UInt64: ACLWaiter] = [:]
    @exclusivity(unchecked) private var failure: HCIError?
    @exclusivity(unchecked) private var listener: ControllerListener?

    private enum Reply {
        case complete([UInt8])
        case status(HCIStatus)
    }

    private struct ACLWaiter {
        var handle: ConnectionHandle?
        var continuation: CheckedContinuation<ACLDataPacket, any Error>
    }

    /// A suspended `waitForEvent`: `offer` resumes it and returns true when the event is the one it
    /// waits for; `fail` resumes it with an error.
    private struct EventWaiter {
        var offer: (KnownEvent) -> Bool
        var fail: (any Error) -> Void
    }

    /// Starts exchanging packets over `transport`; commands time out after `commandTimeout`, else the transport's
    /// bound, else ``defaultCommandTimeout``.
    public init(
        transport: any HCITransport,
        clock: any Clock<Duration> = ContinuousClock(),
        commandTimeout: Duration? = nil,
        receiveBufferLimit: Int = 4096,
        aclQueueLimit: Int = 4096
    ) {
        self.transport = transport
        self.clock = clock
        self.commandTimeout = commandTimeout ?? transport.commandTimeout ?? Self.defaultCommandTimeout
        self.receiveBufferLimit = receiveBufferLimit
        self.aclQueueLimit = aclQueueLimit
        Task.preferring(transport.executor) { [transport, outbound] in
            while let batch = await outbound.next() {
                do { try await transport.send(contentsOf: batch) } catch { break }
            }
        }
        Task.preferring(transport.executor) { await self.receiveLoop() }
    }

    // MARK: Commands

    /// Sends a command answered by Command Complete and returns its return parameters.
    public func execute<C: HCICommand>(_ command: C) async throws(HCIError) -> C.ReturnParameters {
        let reply = try await submit(HCICommandPacket(command))
        guard case .complete(let parameters) = reply else {
            if case .status(let status) = reply, !status.isSuccess {
                throw .commandFailed(opcode: C.opcode, status: status)
            }
            throw .malformedReply(opcode: C.opcode, .invalidValue(field: "Command Status instead of Complete", raw: 0))
        }
        guard let statusByte = parameters.first else {
            throw .malformedReply(opcode: C.opcode, .truncated(needed: 1, available: 0))
        }
        let status = HCIStatus(rawValue: statusByte)
        guard status.isSuccess else { throw .commandFailed(opcode: C.opcode, status: status) }
        do {
            return try C.ReturnParameters(decoding: parameters.dropFirst())
        } catch {
            throw .malformedReply(opcode: C.opcode, error)
        }
    }

    /// Sends a command answered by Command Status; returns once the controller accepted it.
    public func execute<C: HCIAsyncCommand>(_ command: C) async throws(HCIError) {
        let reply = try await submit(HCICommandPacket(command))
        switch reply {
        case .status(let status) where status.isSuccess:
            return
        case .status(let status):
            throw .commandFailed(opcode: C.opcode, status: status)
        case .complete(let parameters):
            let status = HCIStatus(rawValue: parameters.first ?? HCIStatus.unspecifiedError.rawValue)
            if !status.isSuccess { throw .commandFailed(opcode: C.opcode, status: status) }
        }
    }

    private func submit(_ packet: HCICommandPacket) async throws(HCIError) -> Reply {
        if let failure { throw failure }
        let id = nextID
        nextID += 1
        do {
            return try await withCheckedThrowingContinuation { continuation in
                replies[id] = continuation
                do {
                    send(try commands.submit(.init(id: id, packet: packet)))
                } catch {
                    replies[id] = nil
                    continuation.resume(throwing: error)
                    return
                }
                timers[id] = Task { [clock, commandTimeout] in
                    do { try await clock.sleep(for: commandTimeout) } catch { return }
                    self.commandTimedOut(id: id, opcode: packet.opcode)
                }
            }
        } catch let error as HCIError {
            throw error
        } catch {
            throw .transport(.closed)
        }
    }

    /// Commands held back until the controller grants a credit.
    var commandsAwaitingCredit: Int { commands.waiting.count }

    private func send(_ entries: [CommandQueue.Entry]) {
        for entry in entries { outbound.push(.command(entry.packet)) }
    }

    private func commandTimedOut(id: UInt64, opcode: HCIOpcode) {
        guard let continuation = replies.removeValue(forKey: id) else { return }
        timers[id] = nil
        send(commands.abandon(id: id))
        continuation.resume(throwing: HCIError.timeout(opcode: opcode))
    }

    private func answer(opcode: HCIOpcode, credits: UInt8, with reply: Reply) {
        let (answered, next) = commands.answered(opcode: opcode, credits: credits)
        if let answered, let continuation = replies.removeValue(forKey: answered) {
            timers.removeValue(forKey: answered)?.cancel()
            continuation.resume(returning: reply)
        }
        send(next)
    }

    // MARK: ACL data

    /// Sets the controller's LE ACL buffer size and count, as LE Read Buffer Size reported them.
    public func configureACLBuffers(length: Int, count: Int) {
        acl.configure(length: length, count: count)
    }

    /// Sends one L2CAP PDU on a connection, split into fragments the controller's buffers hold;
    /// fragments leave in order as buffers free up.
    public func sendACL(handle: ConnectionHandle, pdu: [UInt8]) throws(HCIError) {
        guard acl.queuedPackets + acl.fragments(of: pdu) <= aclQueueLimit else { throw .queueFull }
        if let failure { throw failure }
        acl.queue(pdu, on: handle) { outbound.push(.acl($0)) }
    }

    /// Queues one B-frame like ``sendACL(handle:pdu:)`` but beyond the queue limit: for the host's
    /// own traffic, which its protocols bound (one ATT transaction at a time, congestion for
    /// notifications and writes without response, credits for channels).
    func queueACL(handle: ConnectionHandle, frame: BasicFrame) throws(HCIError) {
        if let failure { throw failure }
        acl.queue(frame, on: handle) { outbound.push(.acl($0)) }
    }

    /// Whether `handle` is congested, its PDUs waiting for controller buffers (see
    /// ``TransmitBacklog/isCongested(_:)``); if so, the listener hears `linkDrained` once it drains to
    /// ``TransmitBacklog/lowWater``.
    func isCongested(_ handle: ConnectionHandle) -> Bool {
        acl.isCongested(handle)
    }

    /// ACL packets waiting for a controller buffer.
    public var queuedACLPackets: Int { acl.queuedPackets }

    /// Controller buffers free now.
    public var freeACLBuffers: Int { acl.freeBuffers }

    /// Tells the listener which congested links drained; called where no listener code is running.
    private func announceDrainedLinks() {
        let drained = acl.takeDrained()
        for handle in drained { listener?.linkDrained(handle) }
    }

    // MARK: Receiving

    /// Takes what the controller sent, a batch at a time, on this executor (``HCITransport/forEachBatch(_:)``).
    private func receiveLoop() async {
        do {
            try await transport.forEachBatch { received($0) }
            fail(with: .transport(.closed))
        } catch let error as TransportError {
            fail(with: .transport(error))
        } catch {
            fail(with: .transport(.io(String(describing: error))))
        }
    }

    private func received(_ batch: [HCIPacket]) {
        // By position, so that each packet is lent where iterating would copy it.
        for index in batch.indices { received(batch[index]) }
    }

    private func received(_ packet: HCIPacket) {
        switch packet {
        case .event(let packet):
            guard let event = try? KnownEvent(packet) else { return }
            handle(event)
        case .acl(let data):
            deliver(data)
        case .command, .sco, .iso:
            return
        }
    }

    private func handle(_ event: KnownEvent) {
        switch event {
        case .commandComplete(let complete):
            answer(
                opcode: complete.opcode, credits: complete.numHCICommandPackets,
                with: .complete(complete.returnParameters))
        case .commandStatus(let status):
            answer(opcode: status.opcode, credits: status.numHCICommandPackets, with: .status(status.status))
        case .numberOfCompletedPackets(let completed):
            acl.completed(completed.entries) { outbound.push(.acl($0)) }
            announceDrainedLinks()
        case .disconnectionComplete(let disconnection):
            if disconnection.status.isSuccess {
                acl.disconnected(disconnection.handle) { outbound.push(.acl($0)) }
                announceDrainedLinks()
            }
            deliver(event)
        case .hardwareError(let error):
            // As Linux's error reset: nothing the controller held can be trusted, so the channel ends (every pending
            // command and wait fails) and the transport closes, for whoever owns it to open and set up again.
            deliver(event)
            fail(with: .hardwareError(code: error.hardwareCode))
            Task { [transport] in await transport.close() }
        default:
            deliver(event)
        }
    }

    private func deliver(_ event: KnownEvent) {
        let forwarded = forward(.event(event))
        for id in eventWaiters.keys.sorted() where eventWaiters[id]?.offer(event) == true {
            eventWaiters[id] = nil
            return
        }
        if forwarded { return }
        events.append(event)
        if events.count > receiveBufferLimit {
            events.removeFirst()
            droppedEvents += 1
        }
    }

    private func deliver(_ data: ACLDataPacket) {
        if forward(.acl(data)) { return }
        let waiting = aclWaiters.filter { $0.value.handle == nil || $0.value.handle == data.handle }
        if let id = waiting.keys.min(), let waiter = aclWaiters.removeValue(forKey: id) {
            waiter.continuation.resume(returning: data)
            return
        }
        received.append(data)
        if received.count > receiveBufferLimit { received.removeFirst() }
    }

    private func fail(with error: HCIError) {
        guard failure == nil else { return }
        failure = error
        outbound.finish()
        for id in commands.removeAll() {
            timers.removeValue(forKey: id)?.cancel()
            replies.removeValue(forKey: id)?.resume(throwing: error)
        }
        for (_, waiter) in eventWaiters { waiter.fail(error) }
        eventWaiters = [:]
        for (_, waiter) in aclWaiters { waiter.continuation.resume(throwing: error) }
        aclWaiters = [:]
        detachListener()
    }

    /// Hands every later event and ACL fragment to `listener`, synchronously and in arrival order, instead of
    /// buffering them for ``waitForEvent(_:timeout:_:)`` and ``receiveACL(on:)``; for a layer that runs on this
    /// channel's executor.
    func attach(_ listener: ControllerListener) {
        if failure != nil {
            listener.ended()
        } else {
            self.listener = listener
        }
    }

    private func detachListener() {
        let ended = listener?.ended
        listener = nil
        ended?()
    }

    /// Hands `input` to the listener; false when there is none.
    private func forward(_ input: ControllerInput) -> Bool {
        guard let listener else { return false }
        listener.input(input)
        return true
    }

    /// Waits for the next event that `match` accepts (events already received count first) and
    /// returns what `match` extracted; fails after `timeout`.
    public func waitForEvent<T: Sendable>(
        _ what: String, timeout: Duration = .seconds(10), _ match: @escaping @Sendable (KnownEvent) -> T?
    ) async throws(HCIError) -> T {
        for (index, event) in events.enumerated() {
            if let value = match(event) {
                events.remove(at: index)
                return value
            }
        }
        if let failure { throw failure }
        let id = nextID
        nextID += 1
        let timer = Task { [clock] in
            do { try await clock.sleep(for: timeout) } catch { return }
            self.eventWaitTimedOut(id: id, what: what)
        }
        defer { timer.cancel() }
        do {
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                eventWaiters[id] = EventWaiter(
                    offer: { event in
                        guard let value = match(event) else { return false }
                        continuation.resume(returning: value)
                        return true
                    },
                    fail: { continuation.resume(throwing: $0) })
            }
        } catch let error as HCIError {
            throw error
        } catch {
            throw .transport(.closed)
        }
    }

    private func eventWaitTimedOut(id: UInt64, what: String) {
        eventWaiters.removeValue(forKey: id)?.fail(HCIError.eventTimeout(what))
    }

    /// Waits for the next ACL packet from the controller, on `handle` or on any connection.
    public func receiveACL(on handle: ConnectionHandle? = nil) async throws(HCIError) -> ACLDataPacket {
        if let index = received.firstIndex(where: { handle == nil || $0.handle == handle }) {
            return received.remove(at: index)
        }
        if let failure { throw failure }
        let id = nextID
        nextID += 1
        do {
            return try await withCheckedThrowingContinuation { continuation in
                aclWaiters[id] = ACLWaiter(handle: handle, continuation: continuation)
            }
        } catch let error as HCIError {
            throw error
        } catch {
            throw .transport(.closed)
        }
    }

    /// Closes the transport; pending commands and waits fail.
    public func close() async {
        fail(with: .transport(.closed))
        await transport.close()
    }
}
