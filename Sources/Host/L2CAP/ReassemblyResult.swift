/// What one ACL fragment did to the PDU being reassembled on its connection.
///
/// Bluetooth Core Specification Vol 3, Part A, 7.2.2.
public enum ReassemblyResult: Hashable, Sendable {
    /// The fragment completed a B-frame.
    case complete(BasicFrame)
    /// The fragment was kept; more are needed.
    case incomplete
    /// The fragment, and the PDU it belonged to, were discarded.
    case dropped(ReassemblyDropReason)
    /// A first fragment arrived while a PDU was in progress: the old PDU's `discardedLength` bytes
    /// were dropped, and the new fragment, started over, gave `restart`.
    indirect case interrupted(discardedLength: Int, restart: ReassemblyResult)

    /// The B-frame this fragment completed, if any.
    public var frame: BasicFrame? {
        switch self {
        case .complete(let frame): frame
        case .incomplete, .dropped: nil
        case .interrupted(_, let restart): restart.frame
        }
    }
}
