import BlueZ

extension CBCentralManager {
    /// Starts the manager on bluetoothd's adapter instead of a host stack of its own, with the pairing agent in
    /// `options` as bluetoothd's agent: `.poweredOn` once the adapter is found powered, `.unsupported` (with a log
    /// line saying why) when bluetoothd or libdbus cannot be reached.
    func startBlueZ(adapter: String, options: [String: Any]?) {
        BlueZCentral.start(for: self, adapter: adapter, options: options, queue: queue) { $0.bluez = $1 }
    }

    /// Runs `body` with the BlueZ backend when the manager runs on bluetoothd and is powered on (otherwise logs that
    /// `command` was dropped); true when the manager runs on bluetoothd, whether or not `body` ran.
    func onBlueZ(_ command: String, _ body: (BlueZCentral) -> Void) -> Bool {
        guard runsOnBlueZ else { return false }
        if isPoweredOn(command), let bluez { body(bluez) }
        return true
    }
}
