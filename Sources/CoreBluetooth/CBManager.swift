import Foundation

/// What the central and peripheral managers share: the state of the Bluetooth radio and the app's
/// authorization to use it.
open class CBManager: NSObject {
    /// The radio's state; `.unknown` until the manager's host stack reports, then `.poweredOn` when
    /// its controller is up.
    open internal(set) var state: CBManagerState = .unknown

    /// Why the manager is not powered on, when it runs on a host stack of its own: its transport's error, or that
    /// its controller went away; nil once powered on. An addition of this library (Apple's states carry no
    /// reason), read on the manager's queue.
    public internal(set) var unavailabilityReason: String?

    /// The app's authorization; on Linux access is governed by the transport, so always allowed.
    @available(*, deprecated, message: "Use CBManager.authorization (the class property)")
    open var authorization: CBManagerAuthorization { Self.authorization }

    /// The app's authorization; on Linux access is governed by the transport, so always allowed.
    open class var authorization: CBManagerAuthorization { .allowedAlways }

    override init() {
        super.init()
    }

    /// Sets the state; each manager then tells its delegate.
    func update(to newState: CBManagerState) {
        state = newState
    }
}
