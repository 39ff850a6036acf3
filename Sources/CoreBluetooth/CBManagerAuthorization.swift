/// Whether the app may use Bluetooth, as the user or the system decided.
public enum CBManagerAuthorization: Int, Sendable {
    /// The user has not been asked yet.
    case notDetermined = 0
    /// The system restricts Bluetooth use, e.g. by parental controls.
    case restricted = 1
    /// The user refused Bluetooth use for this app.
    case denied = 2
    /// The app may always use Bluetooth.
    case allowedAlways = 3
}
