/// Where a host hands its events as they happen, on the host's executor: the way for the layer above to hear
/// them with no stream, task or hop in between (see ``BluetoothHost/handleEvents(with:)``).
///
/// Both closures run on the host's executor, one at a time, in the order the events happened. They must return
/// quickly and must not call the host synchronously: hand the event on instead (to a dispatch queue, a waiting
/// task, a stream).
public struct HostEventHandler: Sendable {
    /// Takes one event.
    public var event: @Sendable (HostEvent) -> Void
    /// The host stopped, or another consumer took its events; nothing follows.
    public var ended: @Sendable () -> Void

    /// Makes a handler from its two closures.
    public init(event: @escaping @Sendable (HostEvent) -> Void, ended: @escaping @Sendable () -> Void) {
        self.event = event
        self.ended = ended
    }
}
