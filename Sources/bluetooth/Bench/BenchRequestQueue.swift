import Host
import Synchronization

/// The requests a peripheral's event handler takes for the bench's server task: the handler queues them on the
/// host's executor, and the task takes every waiting one in one wake-up, as the CoreBluetooth layer takes a
/// host's events (no stream in between).
final class BenchRequestQueue: Sendable {
    private struct State {
        var requests: [GATTServerRequest] = []
        var ended = false
        var waiter: CheckedContinuation<[GATTServerRequest]?, Never>?
    }

    private let state = Mutex(State())

    /// The handler that queues the host's server requests and ends the queue when the host's events end.
    var handler: HostEventHandler {
        HostEventHandler(
            event: { event in
                if case .serverRequest(let request) = event { self.push(request) }
            }, ended: { self.end() })
    }

    private func push(_ request: GATTServerRequest) {
        let handoff = state.withLock {
            state -> (CheckedContinuation<[GATTServerRequest]?, Never>, [GATTServerRequest])? in
            state.requests.append(request)
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            defer { state.requests = [] }
            return (waiter, state.requests)
        }
        if let (waiter, requests) = handoff { waiter.resume(returning: requests) }
    }

    private func end() {
        let waiter = state.withLock { state in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Every request waiting, oldest first, waiting for one if none is; nil once the host's events ended. One task
    /// takes at a time.
    func next() async -> [GATTServerRequest]? {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> [GATTServerRequest]?? in
                if !state.requests.isEmpty {
                    defer { state.requests = [] }
                    return .some(state.requests)
                }
                if state.ended { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
