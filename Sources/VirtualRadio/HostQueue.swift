import HCI
import Synchronization

/// The bounded queue of packets a virtual controller holds for its host; the host reads it through `incoming`.
///
/// The capacity bounds memory however slowly the host reads:
/// - from half capacity on, advertising reports are dropped, as a real controller drops reports it has no
///   buffer for;
/// - from three quarters on, ACL data for the host waits on the air and the sending controller withholds its
///   Number Of Completed Packets, so the peer's host stops sending until this host catches up;
/// - at full capacity, any further event means the host has stopped reading: the queue fails (`incoming`
///   throws ``TransportError/io(_:)``) and the controller leaves the air, its peers seeing a supervision
///   timeout.
final class HostQueue: Sendable {
    /// What a packet is, which decides what happens to it when the queue is full.
    enum Kind {
        case report
        case acl
        case event
    }

    /// What became of a pushed packet.
    enum Outcome {
        case queued
        case dropped
        case overflowed
    }

    private struct State {
        var packets = PacketFIFO()
        var waiter: Waiter?
        var finished = false
        var failure: TransportError?
        var roomWanted = false

        var count: Int { packets.count }
    }

    /// A host waiting for packets: how many it takes at most, and where they go.
    ///
    /// The continuation is resumed exactly once by whoever takes the waiter out of the state under the lock (a
    /// push, ``finish(failure:)`` or the wait's cancellation), so it need not be a checked one, whose allocation
    /// and check cost about as much as the rest of a wait.
    private struct Waiter {
        var limit: Int
        var continuation: UnsafeContinuation<[HCIPacket]?, any Error>
    }

    /// The most packets the queue holds.
    let capacity: Int
    private let state = Mutex(State())
    private let roomAvailable: @Sendable () async -> Void

    /// Makes a queue; `roomAvailable` runs when ACL that was held back may flow again.
    init(capacity: Int, roomAvailable: @escaping @Sendable () async -> Void) {
        self.capacity = max(capacity, 8)
        self.roomAvailable = roomAvailable
    }

    private var reportLimit: Int { capacity / 2 }
    private var aclLimit: Int { capacity * 3 / 4 }

    /// How many packets wait for the host.
    var count: Int { state.withLock { $0.count } }

    /// Whether the queue no longer takes packets.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Whether `packets` more ACL packets fit now; when they do not, the queue asks for ``roomAvailable`` later.
    func hasRoomForACL(_ packets: Int) -> Bool {
        roomForACL(upTo: packets) == packets
    }

    /// How many more ACL packets fit now, at most `wanted` (all of them once the queue is finished); when fewer
    /// than `wanted` fit, the queue asks for ``roomAvailable`` later. One check for a whole burst.
    func roomForACL(upTo wanted: Int) -> Int {
        state.withLock { state in
            if state.finished { return wanted }
            let room = max(0, aclLimit - state.count)
            if wanted <= room { return wanted }
            state.roomWanted = true
            return room
        }
    }

    /// Queues a packet for the host, or drops it or fails, as the type comment describes.
    func push(_ packet: HCIPacket, kind: Kind) -> Outcome {
        var outcome = Outcome.dropped
        _ = push(CollectionOfOne((packet, kind))) { outcome = $0 }
        return outcome
    }

    /// Queues packets for the host in order, each as ``push(_:kind:)`` would, and wakes a waiting host once for
    /// all of them, so that a burst reaches it in one batch.
    ///
    /// - Returns: Whether any of them overflowed the queue.
    func push<Packets: Sequence<(HCIPacket, Kind)>>(
        _ packets: Packets, outcomes: (Outcome) -> Void = { _ in }
    ) -> Bool {
        let (overflowed, wake) = state.withLock { state -> (Bool, (Waiter, [HCIPacket])?) in
            var overflowed = false
            for (packet, kind) in packets {
                let outcome = Self.admit(packet, kind: kind, into: &state, reportLimit: reportLimit, capacity: capacity)
                if outcome == .overflowed { overflowed = true }
                outcomes(outcome)
            }
            guard let waiter = state.waiter, state.count > 0 else { return (overflowed, nil) }
            state.waiter = nil
            return (overflowed, (waiter, state.packets.pop(upTo: waiter.limit)))
        }
        if let (waiter, batch) = wake { waiter.continuation.resume(returning: batch) }
        return overflowed
    }

    private static func admit(
        _ packet: consuming HCIPacket, kind: Kind, into state: inout State, reportLimit: Int, capacity: Int
    ) -> Outcome {
        if state.finished { return .dropped }
        let limit: Int
        switch kind {
        case .report: limit = reportLimit
        case .acl, .event: limit = capacity
        }
        guard state.count < limit else {
            return kind == .report ? .dropped : .overflowed
        }
        state.packets.append(packet)
        return .queued
    }

    /// Stops taking packets; the host reads what is queued and then the end, or `failure` at once.
    func finish(failure: TransportError? = nil) {
        let waiter = state.withLock { state -> UnsafeContinuation<[HCIPacket]?, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            if let failure {
                state.failure = failure
                state.packets.removeAll()
            }
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        if let failure {
            waiter?.resume(throwing: failure)
        } else {
            waiter?.resume(returning: nil)
        }
    }

    /// The next packet for the host, waiting for one; nil once the queue is finished and empty.
    nonisolated(nonsending) func next() async throws -> HCIPacket? {
        try await take(upTo: 1)?.first
    }

    /// Every packet waiting for the host (at least one, waiting for it if need be), oldest first; nil once
    /// the queue is finished and empty. The wait resumes on the caller's executor.
    nonisolated(nonsending) func nextBatch() async throws -> [HCIPacket]? {
        try await take(upTo: .max)
    }

    private nonisolated(nonsending) func take(upTo limit: Int) async throws -> [HCIPacket]? {
        enum Immediate {
            case packets([HCIPacket], notify: Bool)
            case end
            case failure(TransportError)
            case wait
        }
        let immediate = state.withLock { state -> Immediate in
            if let failure = state.failure { return .failure(failure) }
            let packets = state.packets.pop(upTo: limit)
            if !packets.isEmpty {
                let notify = state.roomWanted && state.count < aclLimit
                if notify { state.roomWanted = false }
                return .packets(packets, notify: notify)
            }
            return state.finished ? .end : .wait
        }
        switch immediate {
        case .packets(let packets, let notify):
            if notify { await roomAvailable() }
            return packets
        case .end:
            return nil
        case .failure(let failure):
            throw failure
        case .wait:
            break
        }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<[HCIPacket]?, any Error>) in
                enum Then {
                    case resume([HCIPacket]?)
                    case fail(TransportError)
                    case park
                }
                let then = state.withLock { state -> Then in
                    if let failure = state.failure { return .fail(failure) }
                    let packets = state.packets.pop(upTo: limit)
                    if !packets.isEmpty { return .resume(packets) }
                    if state.finished || Task.isCancelled { return .resume(nil) }
                    state.waiter = Waiter(limit: limit, continuation: continuation)
                    return .park
                }
                switch then {
                case .resume(let packets): continuation.resume(returning: packets)
                case .fail(let failure): continuation.resume(throwing: failure)
                case .park: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> UnsafeContinuation<[HCIPacket]?, any Error>? in
                defer { state.waiter = nil }
                return state.waiter?.continuation
            }
            waiter?.resume(returning: nil)
        }
    }
}
