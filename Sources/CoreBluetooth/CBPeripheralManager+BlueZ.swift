import BlueZ

extension CBPeripheralManager {
    /// Starts the manager on bluetoothd's adapter instead of a host stack of its own: `.poweredOn` once the adapter
    /// is found powered, `.unsupported` (with a log line saying why) when bluetoothd or libdbus cannot be reached.
    func startBlueZ(adapter: String) {
        weak let manager = self
        let queue = self.queue
        Task {
            let client: BlueZClient
            do throws(BlueZError) {
                client = try await BlueZClient(adapter: adapter)
            } catch {
                CoreBluetoothLog.warning("cannot use bluetoothd's adapter \(adapter): \(error.message)")
                queue.async {
                    guard let manager else { return }
                    manager.state = .unsupported
                    manager.delegate?.peripheralManagerDidUpdateState(manager)
                }
                return
            }
            let peripheral = BlueZPeripheral(client: client, queue: queue)
            weak let served = peripheral
            client.serve { request in queue.async { served?.received(request) } }
            queue.async {
                guard let manager else { return peripheral.close() }
                peripheral.manager = manager
                manager.bluez = peripheral
                manager.state = peripheral.adapterState
                manager.delegate?.peripheralManagerDidUpdateState(manager)
            }
            for await event in client.events {
                guard manager != nil else { break }
                queue.async { peripheral.handle(event) }
            }
        }
    }

    /// Runs `body` with the BlueZ backend on the manager's queue, when the manager runs on bluetoothd and accepts
    /// commands; true when the manager runs on bluetoothd (whether or not `body` ran).
    func onBlueZ(_ body: (BlueZPeripheral) -> Void) -> Bool {
        confined {
            guard onBlueZ else { return false }
            if acceptsCommands(), let bluez { body(bluez) }
            return true
        }
    }
}
