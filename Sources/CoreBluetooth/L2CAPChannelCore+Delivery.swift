import Foundation

extension L2CAPChannelCore {
    /// A delivery of a stream's pending events, to be armed once the lock is released.
    typealias Delivery = StreamEventTarget

    /// Queues `event` for a stream's delegate (once: an event already waiting is not repeated); returns the
    /// delivery to arm when none is armed yet and the stream is scheduled on a run loop.
    static func post(_ event: Stream.Event, to side: Side, in state: inout State) -> Delivery? {
        if !state[side].pending.contains(event) {
            state[side].pending.append(event)
        }
        return arrangeDelivery(of: side, in: &state)
    }

    private static func arrangeDelivery(of side: Side, in state: inout State) -> Delivery? {
        guard !state[side].pending.isEmpty, !state[side].deliveryScheduled, let target = state[side].targets.first
        else { return nil }
        state[side].deliveryScheduled = true
        return target
    }

    /// Takes a stream's pending events, in order, for its delegate.
    func takeEvents(of side: Side) -> [Stream.Event] {
        state.withLock { state in
            state[side].deliveryScheduled = false
            defer { state[side].pending = [] }
            return state[side].pending
        }
    }

    /// Delivers a stream's events on `runLoop` in `mode` from now on (on the first run loop given, when several).
    func schedule(_ stream: any PendingEventDelivering, _ side: Side, in runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        let target = StreamEventTarget(runLoop: runLoop, mode: mode, stream: stream)
        let delivery = state.withLock { state -> Delivery? in
            state[side].targets.append(target)
            return Self.arrangeDelivery(of: side, in: &state)
        }
        delivery?.arm()
    }

    /// Stops delivering a stream's events on `runLoop` in `mode`.
    func unschedule(_ side: Side, from runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        state.withLock { state in
            state[side].targets.removeAll { $0.runLoop === runLoop && $0.mode == mode }
        }
    }

    /// The stream's status.
    func status(of side: Side) -> Stream.Status {
        state.withLock { $0[side].status }
    }
}
