/// Writes the framework's warnings to standard error, prefixed as Apple's log lines are.
enum CoreBluetoothLog {
    /// Logs a line such as `API MISUSE: …` or `WARNING: …`.
    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("[CoreBluetooth] \(message)\n".utf8))
    }
}
