/// A peripheral manager's radio state before iOS 10 introduced `CBManagerState`; same cases and raw values.
@available(*, deprecated, message: "Use CBManagerState instead")
public enum CBPeripheralManagerState: Int, Sendable {
    /// The state is not known yet.
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
