/// Whether the app may share data through a peripheral manager; superseded by `CBManagerAuthorization`.
@available(*, deprecated, message: "Use CBManagerAuthorization instead")
public enum CBPeripheralManagerAuthorizationStatus: Int, Sendable {
    /// The user has not been asked yet.
    case notDetermined = 0
    /// The system restricts Bluetooth use.
    case restricted = 1
    /// The user refused Bluetooth use for this app.
    case denied = 2
    /// The app may use Bluetooth.
    case authorized = 3
}
