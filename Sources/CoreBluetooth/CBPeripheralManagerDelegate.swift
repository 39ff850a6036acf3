/// What a ``CBPeripheralManager`` tells the app: its state, published services, advertising, subscriptions and the
/// reads and writes remote centrals make.
///
/// Every method but ``peripheralManagerDidUpdateState(_:)`` is optional on Apple platforms; here each has a default
/// implementation. The defaults of the read and write callbacks answer `.requestNotSupported`, as Apple's framework
/// does for a delegate that does not implement them.
public protocol CBPeripheralManagerDelegate: NSObjectProtocol {
    /// The manager's state changed; the first callback a manager makes.
    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager)

    /// The system is restoring the manager's state; never called on Linux, which has no state restoration.
    func peripheralManager(_ peripheral: CBPeripheralManager, willRestoreState dict: [String: Any])

    /// Advertising started, or failed to with `error`.
    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?)

    /// A service given to `add(_:)` was published, or refused with `error`.
    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?)

    /// A central turned on notifications or indications of a characteristic.
    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic)

    /// A central turned off notifications or indications of a characteristic, or disconnected.
    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic)

    /// A central reads a dynamic characteristic value; answer with `respond(to:withResult:)`.
    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest)

    /// A central writes one or more dynamic characteristic values; answer once, with the first request, by
    /// `respond(to:withResult:)` (a write without response needs no answer).
    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest])

    /// The transmit queues have room again after `updateValue(_:for:onSubscribedCentrals:)` returned false.
    func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager)

    /// An L2CAP channel was published with the PSM given, or refused with `error`.
    func peripheralManager(
        _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?)

    /// An L2CAP channel was unpublished, or could not be with `error`.
    func peripheralManager(
        _ peripheral: CBPeripheralManager, didUnpublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?)

    /// A central opened an L2CAP channel to a published PSM; keep the channel to use it.
    func peripheralManager(_ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: (any Error)?)
}

extension CBPeripheralManagerDelegate {
    /// Does nothing: Linux has no state restoration.
    public func peripheralManager(_ peripheral: CBPeripheralManager, willRestoreState dict: [String: Any]) {}

    /// Does nothing.
    public func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {}

    /// Does nothing.
    public func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {}

    /// Does nothing.
    public func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {}

    /// Does nothing.
    public func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {}

    /// Answers `.requestNotSupported`, as Apple's framework does when the delegate does not implement this method.
    public func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        peripheral.respond(to: request, withResult: .requestNotSupported)
    }

    /// Answers `.requestNotSupported`, as Apple's framework does when the delegate does not implement this method.
    public func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        if let first = requests.first {
            peripheral.respond(to: first, withResult: .requestNotSupported)
        }
    }

    /// Does nothing.
    public func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager) {}

    /// Does nothing.
    public func peripheralManager(
        _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {}

    /// Does nothing.
    public func peripheralManager(
        _ peripheral: CBPeripheralManager, didUnpublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {}

    /// Does nothing, so the channel is released and closes.
    public func peripheralManager(
        _ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: (any Error)?
    ) {}
}
