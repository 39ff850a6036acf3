/// A remote device the local device talks to: a peripheral seen by a central manager, or a central seen by
/// a peripheral manager.
///
/// Equality is identity; the managers keep one object per identifier.
open class CBPeer: NSObject, NSCopying {
    private let peerIdentifier: UUID

    /// The identifier the local device gives the peer; stable for as long as the system knows the peer.
    open var identifier: UUID { peerIdentifier }

    /// The ATT MTU of the link to the peer; 23, the ATT default, until a larger one is negotiated.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.2.8.
    var mtu = 23

    init(identifier: UUID) {
        peerIdentifier = identifier
    }

    /// A hash of the identifier, as Apple's.
    open override var hash: Int {
        identifier.hashValue
    }

    /// Returns the same instance, as a peer stands for one remote device.
    @discardableResult
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
