import BlueZ

extension CBCentralManager {
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
                queue.async { manager?.update(to: .unsupported) }
                return
            }
            let central = BlueZCentral(client: client, queue: queue)
            queue.async {
                guard let manager else { return client.close() }
                central.manager = manager
                manager.bluez = central
                manager.update(to: central.adapterState)
            }
            for await event in client.events {
                guard manager != nil else { break }
                queue.async { central.handle(event) }
            }
        }
    }
}
