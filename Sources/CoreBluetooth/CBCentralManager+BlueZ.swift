import BlueZ

extension CBCentralManager {
    /// Starts the manager on bluetoothd's adapter instead of a host stack of its own, with the pairing agent in
    /// `options` as bluetoothd's agent: `.poweredOn` once the adapter is found powered, `.unsupported` (with a log
    /// line saying why) when bluetoothd or libdbus cannot be reached.
    func startBlueZ(adapter: String, options: [String: Any]?) {
        weak let manager = self
        let queue = self.queue
        BlueZCentral.start(
            adapter: adapter, pairing: BlueZPairing(options: options), queue: queue,
            make: { BlueZCentral(client: $0, queue: queue) },
            attach: { central in
                guard let manager else { return false }
                manager.bluez = central
                central?.manager = manager
                manager.update(to: central?.adapterState ?? .unsupported)
                return true
            })
    }

    /// Runs `body` with the BlueZ backend when the manager runs on bluetoothd and is powered on (otherwise logs that
    /// `command` was dropped); true when the manager runs on bluetoothd, whether or not `body` ran.
    func onBlueZ(_ command: String, _ body: (BlueZCentral) -> Void) -> Bool {
        guard runsOnBlueZ else { return false }
        if isPoweredOn(command), let bluez { body(bluez) }
        return true
    }
}
