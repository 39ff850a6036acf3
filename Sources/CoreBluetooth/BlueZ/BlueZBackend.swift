import BlueZ

/// What a manager's backend on bluetoothd is, central or peripheral: a client of bluetoothd whose events it handles
/// on the delegate queue, the manager's state it follows from the adapter's, and the peers it knows by device path.
protocol BlueZBackend: AnyObject, Sendable {
    /// The connection to bluetoothd.
    var client: BlueZClient { get }
    /// The manager, nil once it is gone.
    var owner: CBManager? { get }
    /// Ends what the adapter's powering off ends (scans, links, subscriptions, advertising).
    func poweredOff()
    /// Handles one change of bluetoothd's tree, on the delegate queue, in the order bluetoothd signalled them.
    func handle(_ event: BlueZEvent)
    /// The manager's object for the device at `path` (a `CBPeripheral` or a `CBCentral`), made when new.
    func peer(at path: String) -> CBPeer?
    /// Unregisters what was registered, then closes the connection to bluetoothd.
    func close()
}

extension BlueZBackend {
    /// The manager state the adapter's power gives.
    var adapterState: CBManagerState {
        client.isPowered ? .poweredOn : .poweredOff
    }

    /// The adapter was powered on or off: the manager follows, ending what powering off ends.
    func adapterPowered(_ powered: Bool) {
        guard let owner, powered != (owner.state == .poweredOn) else { return }
        if !powered { poweredOff() }
        owner.update(to: powered ? .poweredOn : .poweredOff)
    }

    /// Starts a backend on bluetoothd's adapter for a manager: connects, registers `pairing`'s agent when there is
    /// one, then hands the backend to `attach` on `queue` (nil, after a log line saying why, when bluetoothd cannot
    /// be used), which returns false when the manager is gone; bluetoothd's events then go to the backend.
    static func start(
        adapter: String, pairing: BlueZPairing?, queue: DispatchQueue,
        make: @escaping @Sendable (BlueZClient) -> Self, attach: @escaping @Sendable (Self?) -> Bool
    ) {
        Task {
            let client: BlueZClient
            do throws(BlueZError) {
                client = try await BlueZClient(adapter: adapter)
            } catch {
                CoreBluetoothLog.warning("cannot use bluetoothd's adapter \(adapter): \(error.message)")
                queue.async { _ = attach(nil) }
                return
            }
            let backend = make(client)
            await pairing?.register(for: backend, queue: queue)
            let attached = await withCheckedContinuation { done in
                queue.async { done.resume(returning: attach(backend)) }
            }
            guard attached else { return backend.close() }
            for await event in client.events {
                queue.async { backend.handle(event) }
            }
        }
    }
}
