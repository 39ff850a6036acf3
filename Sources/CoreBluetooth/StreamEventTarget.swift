import Foundation

/// A stream that hands its pending events to its delegate when its run loop fires a delivery.
protocol PendingEventDelivering: AnyObject {
    /// Hands the stream's pending events, in order, to its delegate; runs on the stream's run loop.
    func deliverPendingEvents()
}

/// A run loop a stream is scheduled on, with the stream, carried to the manager's queue and the channel's task so
/// that a delivery of the stream's events can be arranged there.
///
/// `@unchecked Sendable` because neither `RunLoop` nor `Stream` is: from other threads the run loop is only given
/// a timer (`CFRunLoopAddTimer` is thread-safe), and the stream is only touched inside that timer, on the run
/// loop's own thread, where the app uses it.
struct StreamEventTarget: @unchecked Sendable {
    let runLoop: RunLoop
    let mode: RunLoop.Mode
    weak var stream: (any PendingEventDelivering)?

    /// Arms a timer that fires at once on the run loop and delivers the stream's pending events; a timer, unlike
    /// `perform(inModes:block:)`, wakes a run loop that sleeps.
    func arm() {
        let target = self
        runLoop.add(
            Timer(fire: Date(), interval: 0, repeats: false) { _ in target.stream?.deliverPendingEvents() },
            forMode: mode)
    }
}
