import BlueZ

extension CBPeripheralManager {
    /// Starts the manager on bluetoothd's adapter instead of a host stack of its own, with the pairing agent in
    /// `options` as bluetoothd's agent: `.poweredOn` once the adapter is found powered, `.unsupported` (with a log
    /// line saying why) when bluetoothd or libdbus cannot be reached.
    func startBlueZ(adapter: String, options: [String: Any]?) {
        BlueZPeripheral.start(for: self, adapter: adapter, options: options, queue: queue) { $0.bluez = $1 }
    }

    /// Runs `body` with the BlueZ backend on the manager's queue, when the manager runs on bluetoothd and accepts
    /// commands; true when the manager runs on bluetoothd (whether or not `body` ran).
    func onBlueZ(_ body: (BlueZPeripheral) -> Void) -> Bool {
        confined {
            guard runsOnBlueZ else { return false }
            if acceptsCommands(), let bluez { body(bluez) }
            return true
        }
    }
}
