import Logging

/// The framework's warnings (`API MISUSE: …`, `WARNING: …`, a transport that cannot be opened), logged
/// under the label `CoreBluetooth` through swift-log, so the application decides where they go.
enum CoreBluetoothLog {
    private static let logger = Logger(label: "CoreBluetooth")

    /// Logs one warning.
    static func warning(_ message: String) {
        logger.warning("\(message)")
    }
}
