import Foundation

/// A peripheral manager on bluetoothd: connects to it in the background and hands each call, on the manager's
/// queue, to the ``BlueZPeripheral`` made then, while the manager accepts commands (others are dropped with Apple's
/// log line).
final class BlueZPeripheralManagerBackend: PeripheralManagerBackend, @unchecked Sendable {
    private weak var manager: CBPeripheralManager?
    /// Set and read on the manager's queue.
    private var peripheral: BlueZPeripheral?

    private init(manager: CBPeripheralManager) {
        self.manager = manager
    }

    /// Starts `manager` on bluetoothd's `adapter`, with the pairing agent in `options` as bluetoothd's agent:
    /// `.poweredOn` once the adapter is found powered, `.unsupported` (with a log line saying why) when bluetoothd or
    /// libdbus cannot be reached.
    static func start(
        for manager: CBPeripheralManager, adapter: String, options: [String: Any]?
    ) -> BlueZPeripheralManagerBackend {
        let backend = BlueZPeripheralManagerBackend(manager: manager)
        BlueZPeripheral.start(for: manager, adapter: adapter, options: options, queue: manager.queue) { _, peripheral in
            backend.peripheral = peripheral
        }
        return backend
    }

    /// Runs `body` with the BlueZ peripheral on the manager's queue when the manager accepts commands.
    private func accepting<T>(_ otherwise: T, _ body: (BlueZPeripheral) -> T) -> T {
        guard let manager else { return otherwise }
        return manager.confined {
            guard manager.acceptsCommands(), let peripheral else { return otherwise }
            return body(peripheral)
        }
    }

    func add(_ service: CBMutableService) {
        accepting(()) { $0.add(service) }
    }

    func remove(_ service: CBMutableService) {
        accepting(()) { $0.remove(service) }
    }

    func removeAll() {
        accepting(()) { $0.removeAll() }
    }

    func respond(to request: CBATTRequest, withResult result: CBATTError.Code) {
        accepting(()) { $0.respond(to: request, withResult: result) }
    }

    func startAdvertising(_ advertisementData: [String: Any]?) {
        accepting(()) { $0.startAdvertising(advertisementData) }
    }

    func stopAdvertising() {
        accepting(()) { $0.stopAdvertising() }
    }

    func requestLatency(_ latency: CBPeripheralManagerConnectionLatency, for central: CBCentral) {
        accepting(()) { $0.requestLatency(for: central) }
    }

    func update(
        _ value: Data, for characteristic: CBMutableCharacteristic, onSubscribedCentrals centrals: [CBCentral]?
    )
        -> Bool
    {
        accepting(false) { $0.update(value, for: characteristic, onSubscribedCentrals: centrals) }
    }

    func publishL2CAPChannel(withEncryption encryptionRequired: Bool) {
        accepting(()) { $0.publishL2CAPChannel() }
    }

    func unpublishL2CAPChannel(_ psm: CBL2CAPPSM) {
        accepting(()) { $0.unpublishL2CAPChannel(psm) }
    }

    /// bluetoothd owns the links and offers a GATT application no way to end one: nothing to do.
    func disconnectAllCentrals(then done: @escaping @Sendable () -> Void) {
        done()
    }

    func close() {
        peripheral?.close()
    }
}
