import BlueZ
import HCI
import Synchronization

/// Runs a peripheral manager on bluetoothd: the manager's state from the adapter's, published services as one
/// GATT application registered with `GattManager1`, and (in the extensions) the requests bluetoothd forwards,
/// subscriptions, updates and advertising.
///
/// Confined to the manager's delegate queue, like the manager; `@unchecked Sendable` only so that calls to
/// bluetoothd can hand their results back to that queue. Registrations run one after another on `worker`, in the
/// order the app asked for them.
final class BlueZPeripheral: BlueZBackend, @unchecked Sendable {
    let client: BlueZClient
    let queue: DispatchQueue
    weak var manager: CBPeripheralManager?
    let worker = SerialWorker()
    /// The published services, in the order they were added.
    var services: [CBMutableService] = []
    /// The published characteristics by the object path of the application registered last.
    var characteristics: [String: CBMutableCharacteristic] = [:]
    /// The centrals by the object path of their device.
    var centrals: [String: CBCentral] = [:]
    /// The requests handed to the delegate and not yet answered, by request.
    var pending: [ObjectIdentifier: (request: CBATTRequest, answer: BlueZServerRequest)] = [:]
    /// The advertisement the app asked for, while it is being registered or is registered.
    var advertisement: BlueZLocalAdvertisement?
    var updates = BlueZUpdateFlow(capacity: 16)
    /// The root of the application bluetoothd has; used by the worker only.
    let applicationRoot = Mutex<String?>(nil)
    /// The path of the advertisement bluetoothd has; used by the worker only.
    let advertisementPath = Mutex<String?>(nil)

    /// A backend on `client` whose calls from bluetoothd are handled on `queue`.
    init(client: BlueZClient, queue: DispatchQueue) {
        self.client = client
        self.queue = queue
        weak let served = self
        client.serve { request in queue.async { served?.received(request) } }
    }

    /// Unregisters the application, advertisement and pairing agent, then closes the connection to bluetoothd.
    func close() {
        worker.enqueue { [self] in
            if let root = applicationRoot.withLock({ $0 }) { try? await client.unregisterApplication(root) }
            if let path = advertisementPath.withLock({ $0 }) { try? await client.unregisterAdvertisement(path) }
            try? await client.unregisterAgent()
            client.close()
        }
    }

    /// Handles the adapter's power and centrals disconnecting.
    func handle(_ event: BlueZEvent) {
        switch event {
        case .adapterPowered(let powered):
            adapterPowered(powered)
        case .deviceChanged(let device, let changed):
            if changed.contains("Connected"), !device.isConnected { centralDisconnected(device.path) }
        case .deviceRemoved(let path):
            centralDisconnected(path)
        case .valueChanged:
            break
        }
    }

    func poweredOff() {
        manager?.advertising = false
        advertisement = nil
        for path in centrals.keys { centralDisconnected(path) }
    }

    // MARK: Services

    /// Publishes a service: the application bluetoothd has is replaced by one with every published service;
    /// `peripheralManager(_:didAdd:error:)` follows.
    func add(_ service: CBMutableService) {
        guard let manager else { return }
        _ = CBPeripheralManager.checkPublishable(service, among: services)
        if CBPeripheralManager.reservedServiceUUIDs.contains(service.uuid) {
            let confined = QueueConfined(service)
            worker.enqueue { [queue] in
                queue.async {
                    manager.delegate?.peripheralManager(
                        manager, didAdd: confined.value, error: CBError(reporting: .uuidNotAllowed))
                }
            }
            return
        }
        services.append(service)
        register(announcing: service)
    }

    /// Withdraws a published service; the application is registered again without it.
    func remove(_ service: CBMutableService) {
        guard services.contains(where: { $0 === service }) else { return }
        precondition(
            !services.contains { ($0.includedServices ?? []).contains { $0 === service } },
            "Cannot remove a service that is still included by one or more published services")
        services.removeAll { $0 === service }
        register(announcing: nil)
    }

    /// Withdraws every published service.
    func removeAll() {
        services = []
        register(announcing: nil)
    }

    /// Replaces the application bluetoothd has by one with the services published now, then maps their
    /// characteristics' paths and tells the delegate about `service` when there is one.
    private func register(announcing service: CBMutableService?) {
        let snapshot = QueueConfined(services)
        let objects = BlueZPublishing.services(services)
        let announced = QueueConfined(service)
        worker.enqueue { [self] in
            if let root = applicationRoot.withLock({ $0.take() }) {
                do throws(BlueZError) {
                    try await client.unregisterApplication(root)
                } catch {
                    CoreBluetoothLog.warning("application \(root) not unregistered: \(error)")
                }
            }
            guard !objects.isEmpty else {
                queue.async { self.characteristics = [:] }
                return
            }
            let result: Result<[[String]], BlueZError>
            do throws(BlueZError) {
                let (root, paths) = try await client.registerApplication(objects)
                applicationRoot.withLock { $0 = root }
                result = .success(paths)
            } catch {
                result = .failure(error)
            }
            queue.async { self.registered(snapshot.value, result, announcing: announced.value) }
        }
    }

    private func registered(
        _ snapshot: [CBMutableService], _ result: Result<[[String]], BlueZError>, announcing service: CBMutableService?
    ) {
        guard let manager else { return }
        switch result {
        case .success(let paths):
            characteristics = [:]
            for (service, servicePaths) in zip(snapshot, paths) {
                let published = (service.characteristics ?? []).compactMap { $0 as? CBMutableCharacteristic }
                for (characteristic, path) in zip(published, servicePaths) { characteristics[path] = characteristic }
            }
            if let service { manager.delegate?.peripheralManager(manager, didAdd: service, error: nil) }
        case .failure(let error):
            CoreBluetoothLog.warning("bluetoothd refused the GATT application: \(error)")
            guard let service else { return }
            services.removeAll { $0 === service }
            register(announcing: nil)
            manager.delegate?.peripheralManager(manager, didAdd: service, error: CBError(reporting: .invalidParameters))
        }
    }

    /// The object path of a published characteristic.
    func path(of characteristic: CBCharacteristic) -> String? {
        characteristics.first { $0.value === characteristic }?.key
    }
}
