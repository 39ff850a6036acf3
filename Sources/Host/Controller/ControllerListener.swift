import HCI

/// The layer above a ``ControllerChannel`` that shares its executor and hears from it synchronously:
/// no stream and no task between a received packet and the protocol that handles it.
///
/// Each closure runs on the channel's executor, in arrival order.
struct ControllerListener: Sendable {
    /// Takes an event or an ACL fragment.
    var input: @Sendable (ControllerInput) -> Void
    /// A link found congested (see ``ControllerChannel/isCongested(_:)``) can take data again.
    var linkDrained: @Sendable (ConnectionHandle) -> Void
    /// The channel failed or closed; nothing more follows.
    var ended: @Sendable () -> Void
}
