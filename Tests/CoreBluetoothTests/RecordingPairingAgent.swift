import CoreBluetooth
import Dispatch
import Synchronization
import Testing

/// One question a pairing agent was asked, reduced to values a test can compare.
enum PairingAgentEvent: Sendable, Equatable {
    case confirm(PeerSeen, value: UInt32, onQueue: Bool)
    case passkeyRequested(PeerSeen, onQueue: Bool)
    case displayed(PeerSeen, passkey: UInt32, onQueue: Bool)
}

/// The peer an agent was asked about: its identifier, and whether it is a central (else a peripheral).
struct PeerSeen: Sendable, Equatable {
    var identifier: UUID
    var isCentral: Bool

    init(_ peer: CBPeer) {
        identifier = peer.identifier
        isCentral = peer is CBCentral
    }

    init(identifier: UUID, isCentral: Bool) {
        self.identifier = identifier
        self.isCentral = isCentral
    }
}

/// A passkey one agent shows and another agent's user types: the first value put counts.
final class PasskeyMailbox: Sendable {
    private let state = Mutex<(passkey: UInt32?, waiters: [CheckedContinuation<UInt32, Never>])>((nil, []))

    /// Posts the displayed passkey and wakes whoever waits for it.
    func put(_ passkey: UInt32) {
        let waiters = state.withLock { state -> [CheckedContinuation<UInt32, Never>] in
            guard state.passkey == nil else { return [] }
            state.passkey = passkey
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: passkey) }
    }

    /// The displayed passkey, once it has been posted.
    func take() async -> UInt32 {
        await withCheckedContinuation { continuation in
            let posted = state.withLock { state -> UInt32? in
                if let passkey = state.passkey { return passkey }
                state.waiters.append(continuation)
                return nil
            }
            if let posted { continuation.resume(returning: posted) }
        }
    }
}

/// A pairing agent whose user answers as the test says, recording every question, in order, to a stream.
final class RecordingPairingAgent: CBPairingAgent {
    let ioCapability: CBPairingIOCapability
    let queue: DispatchQueue
    /// Whether the user confirms a compared number.
    let accepts: Bool
    /// Where a displayed passkey is posted and a requested one is read.
    let mailbox: PasskeyMailbox
    /// What the user types for the passkey read from the mailbox.
    let typing: @Sendable (UInt32) -> UInt32
    private let sink: AsyncStream<PairingAgentEvent>.Continuation
    private var iterator: AsyncStream<PairingAgentEvent>.Iterator

    init(
        _ ioCapability: CBPairingIOCapability, queue: DispatchQueue, accepts: Bool = true,
        mailbox: PasskeyMailbox = PasskeyMailbox(), typing: @escaping @Sendable (UInt32) -> UInt32 = { $0 }
    ) {
        self.ioCapability = ioCapability
        self.queue = queue
        self.accepts = accepts
        self.mailbox = mailbox
        self.typing = typing
        let (stream, sink) = AsyncStream.makeStream(of: PairingAgentEvent.self)
        self.sink = sink
        iterator = stream.makeAsyncIterator()
    }

    /// The next question the agent was asked.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> PairingAgentEvent {
        try #require(await iterator.next(), sourceLocation: sourceLocation)
    }

    /// Ends the record; ``next(sourceLocation:)`` then returns what is left and fails after.
    func finish() {
        sink.finish()
    }

    /// Every question asked so far, once the record is finished.
    func remaining() async -> [PairingAgentEvent] {
        finish()
        var events: [PairingAgentEvent] = []
        while let event = await iterator.next() { events.append(event) }
        return events
    }

    private var onQueue: Bool {
        DispatchQueue.getSpecific(key: RecordingPeripheralManagerDelegate.queueMark) == ObjectIdentifier(queue)
    }

    /// Answers as ``accepts`` says, then at once the opposite, which must not count.
    func confirmPairing(with peer: CBPeer, numericValue: UInt32, reply: @escaping @Sendable (Bool) -> Void) {
        sink.yield(.confirm(PeerSeen(peer), value: numericValue, onQueue: onQueue))
        reply(accepts)
        reply(!accepts)
    }

    func requestPasskey(for peer: CBPeer, reply: @escaping @Sendable (UInt32?) -> Void) {
        sink.yield(.passkeyRequested(PeerSeen(peer), onQueue: onQueue))
        let (mailbox, typing) = (mailbox, typing)
        Task { reply(typing(await mailbox.take())) }
    }

    func displayPasskey(_ passkey: UInt32, for peer: CBPeer) {
        sink.yield(.displayed(PeerSeen(peer), passkey: passkey, onQueue: onQueue))
        mailbox.put(passkey)
    }
}
