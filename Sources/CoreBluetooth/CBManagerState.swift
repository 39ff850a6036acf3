/// Whether a manager's Bluetooth radio can be used, as reported to `centralManagerDidUpdateState(_:)`
/// and `peripheralManagerDidUpdateState(_:)`.
public enum CBManagerState: Int, Sendable {
    /// The state is not known yet; every manager starts here.
    case unknown = 0
    /// The connection to the Bluetooth system was lost and is being restored.
    case resetting = 1
    /// The platform does not support Bluetooth Low Energy.
    case unsupported = 2
    /// The app is not allowed to use Bluetooth.
    case unauthorized = 3
    /// Bluetooth is turned off.
    case poweredOff = 4
    /// Bluetooth is on and ready to use.
    case poweredOn = 5
}
