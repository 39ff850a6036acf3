import Host
import Synchronization
import Testing

/// Reads a host's event stream in the background and lets a test wait for the next event that
/// matches, keeping the others in order for later waits.
public final class EventRecorder: Sendable {
    private struct State {
        var buffered: [HostEvent] = []
        var waiters: [(id: Int, match: (HostEvent) -> Bool, continuation: CheckedContinuation<HostEvent?, Never>)] = []
        var watchers: [(match: (HostEvent) -> Bool, continuation: CheckedContinuation<HostEvent?, Never>)] = []
        var nextID = 0
        var ended = false
        var onEvent: (@Sendable (HostEvent) -> Void)?
    }

    private let state = Mutex(State())

    public init(_ events: AsyncStream<HostEvent>) {
        Task { [weak self] in
            for await event in events { self?.received(event) }
            self?.ended()
        }
    }

    /// Runs for every event as it arrives, before waits see it.
    public var onEvent: (@Sendable (HostEvent) -> Void)? {
        get { state.withLock { $0.onEvent } }
        set { state.withLock { $0.onEvent = newValue } }
    }

    /// Waits for the next event `extract` accepts (buffered ones first) and returns what it extracted.
    @discardableResult
    public func next<T: Sendable>(
        sourceLocation: SourceLocation = #_sourceLocation, _ extract: @escaping @Sendable (HostEvent) -> T?
    ) async throws -> T {
        let event = await withCheckedContinuation { (continuation: CheckedContinuation<HostEvent?, Never>) in
            state.withLock { state in
                if let index = state.buffered.firstIndex(where: { extract($0) != nil }) {
                    continuation.resume(returning: state.buffered.remove(at: index))
                } else if state.ended {
                    continuation.resume(returning: nil)
                } else {
                    state.waiters.append((state.nextID, { extract($0) != nil }, continuation))
                    state.nextID += 1
                }
            }
        }
        let value = try #require(event.flatMap(extract), "the host's events ended", sourceLocation: sourceLocation)
        return value
    }

    /// Waits until an event `match` accepts has arrived (buffered ones first) and returns it, leaving it for later
    /// waits: for a test that must know which of several events came first without taking them.
    public func firstEvent(
        sourceLocation: SourceLocation = #_sourceLocation, where match: @escaping @Sendable (HostEvent) -> Bool
    ) async throws -> HostEvent {
        let event = await withCheckedContinuation { (continuation: CheckedContinuation<HostEvent?, Never>) in
            state.withLock { state in
                if let found = state.buffered.first(where: match) {
                    continuation.resume(returning: found)
                } else if state.ended {
                    continuation.resume(returning: nil)
                } else {
                    state.watchers.append((match, continuation))
                }
            }
        }
        return try #require(event, "the host's events ended", sourceLocation: sourceLocation)
    }

    /// The events received and not yet taken by a wait, oldest first; they stay buffered.
    public var pending: [HostEvent] { state.withLock { $0.buffered } }

    private func received(_ event: HostEvent) {
        let handler = state.withLock { $0.onEvent }
        handler?(event)
        state.withLock { state in
            for watcher in state.watchers where watcher.match(event) { watcher.continuation.resume(returning: event) }
            state.watchers.removeAll { $0.match(event) }
            if let index = state.waiters.firstIndex(where: { $0.match(event) }) {
                state.waiters.remove(at: index).continuation.resume(returning: event)
            } else {
                state.buffered.append(event)
            }
        }
    }

    private func ended() {
        state.withLock { state in
            state.ended = true
            for waiter in state.waiters { waiter.continuation.resume(returning: nil) }
            for watcher in state.watchers { watcher.continuation.resume(returning: nil) }
            state.waiters = []
            state.watchers = []
        }
    }
}
