import Foundation

/// What the central and peripheral managers share: the state of the Bluetooth radio and the app's
/// authorization to use it.
open class CBManager: NSObject {
    /// The radio's state; `.unknown` until the manager's host stack reports, then `.poweredOn` when
    /// its controller is up.
    open internal(set) var state: CBManagerState = .unknown

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
