import BlueZ

extension CBPeripheralManager {
    /// Starts the manager on bluetoothd's adapter instead of a host stack of its own, with the pairing agent in
    /// `options` as bluetoothd's agent: `.poweredOn` once the adapter is found powered, `.unsupported` (with a log
    /// line saying why) when bluetoothd or libdbus cannot be reached.
    func startBlueZ(adapter: String, options: [String: Any]?) {
        weak let manager = self
        let queue = self.queue
        BlueZPeripheral.start(
            adapter: adapter, pairing: BlueZPairing(options: options), queue: queue,
            make: { BlueZPeripheral(client: $0, queue: queue) },
            attach: { peripheral in
                guard let manager else { return false }
                manager.bluez = peripheral
                peripheral?.manager = manager
                manager.update(to: peripheral?.adapterState ?? .unsupported)
                return true
            })
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
