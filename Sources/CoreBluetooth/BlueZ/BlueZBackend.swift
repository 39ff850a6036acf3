import BlueZ

/// What a manager's backend on bluetoothd is, central or peripheral: a client of bluetoothd whose events it handles
/// on the delegate queue, the manager's state it follows from the adapter's, and the peers it knows by device path.
protocol BlueZBackend: AnyObject, Sendable {
    /// The manager the backend runs for.
    associatedtype Manager: CBManager & Sendable

    /// A backend on `client`, confined to the delegate queue `queue`.
    init(client: BlueZClient, queue: DispatchQueue)
    /// The connection to bluetoothd.
    var client: BlueZClient { get }
    /// The manager, held weakly; nil once it is gone.
    var manager: Manager? { get set }
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
        guard let manager, powered != (manager.state == .poweredOn) else { return }
        if !powered { poweredOff() }
        manager.update(to: powered ? .poweredOn : .poweredOff)
    }

    /// Starts `manager` on bluetoothd's adapter: connects, registers our pairing agent (answered by the app's agent
    /// in `options`, or accepting Just Works alone without one: ``BlueZPairing``), makes the backend and hands it to `install` on `queue` (nil, after a log line saying why, when bluetoothd
    /// cannot be used), then reports the state: the adapter's, or `.unsupported`. bluetoothd's events then go to
    /// the backend; nothing happens once the manager is gone.
    static func start(
        for manager: Manager, adapter: String, options: [String: Any]?, queue: DispatchQueue,
        install: @escaping @Sendable (Manager, Self?) -> Void
    ) {
        weak let owner = manager
        let pairing = BlueZPairing(options: options)
        Task {
            let client: BlueZClient
            do throws(BlueZError) {
                client = try await BlueZClient(adapter: adapter)
            } catch {
                CoreBluetoothLog.warning("cannot use bluetoothd's adapter \(adapter): \(error.message)")
                queue.async {
                    guard let owner else { return }
                    install(owner, nil)
                    owner.update(to: .unsupported)
                }
                return
            }
            let backend = Self(client: client, queue: queue)
            await pairing.register(for: backend, queue: queue)
            let attached = await withCheckedContinuation { done in
                queue.async {
                    guard let owner else { return done.resume(returning: false) }
                    backend.manager = owner
                    install(owner, backend)
                    owner.update(to: backend.adapterState)
                    done.resume(returning: true)
                }
            }
            guard attached else { return backend.close() }
            for await event in client.events {
                queue.async { backend.handle(event) }
            }
        }
    }
}
