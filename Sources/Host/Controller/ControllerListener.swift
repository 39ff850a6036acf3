import HCI

/// The layer above a ``ControllerChannel`` that shares its executor and hears from it synchronously:
/// no stream and no task between a received packet and the protocol that handles it.
///
/// Each closure runs on the channel's executor, in arrival order.
///
/// A class, so that the channel takes hold of it with one reference count per packet rather than one per closure.
final class ControllerListener: Sendable {
    /// Takes an event or an ACL fragment.
    let input: @Sendable (ControllerInput) -> Void
    /// A link found congested (see ``ControllerChannel/isCongested(_:)``) can take data again.
    let linkDrained: @Sendable (ConnectionHandle) -> Void
    /// The channel failed or closed; nothing more follows.
    let ended: @Sendable () -> Void

    /// Makes a listener from its three closures.
    init(
        input: @escaping @Sendable (ControllerInput) -> Void,
        linkDrained: @escaping @Sendable (ConnectionHandle) -> Void,
        ended: @escaping @Sendable () -> Void
    ) {
        self.input = input
        self.linkDrained = linkDrained
        self.ended = ended
    }
}
