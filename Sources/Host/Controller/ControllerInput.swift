import HCI

/// Something the controller sent the host, in the order it arrived: an event or a fragment of ACL data.
public enum ControllerInput: Sendable {
    /// An event other than Command Complete, Command Status and Number Of Completed Packets,
    /// which the channel consumes itself.
    case event(KnownEvent)
    /// A fragment of LE ACL data.
    case acl(ACLDataPacket)
}
