import Foundation

/// A central manager on bluetoothd: connects to it in the background and hands each call to the ``BlueZCentral``
/// made then; until it is there (or when bluetoothd cannot be used) calls are dropped, those of the manager with
/// Apple's log line about a manager that is not powered on.
///
/// Confined to the manager's delegate queue, like the manager.
final class BlueZCentralBackend: CentralBackend, @unchecked Sendable {
    private weak var manager: CBCentralManager?
    private var central: BlueZCentral?

    private init(manager: CBCentralManager) {
        self.manager = manager
    }

    /// Starts `manager` on bluetoothd's `adapter`, with the pairing agent in `options` as bluetoothd's agent:
    /// `.poweredOn` once the adapter is found powered, `.unsupported` (with a log line saying why) when bluetoothd or
    /// libdbus cannot be reached.
    static func start(for manager: CBCentralManager, adapter: String, options: [String: Any]?) -> BlueZCentralBackend {
        let backend = BlueZCentralBackend(manager: manager)
        BlueZCentral.start(for: manager, adapter: adapter, options: options, queue: manager.queue) { _, central in
            backend.central = central
        }
        return backend
    }

    /// The BlueZ central, when the manager is powered on; otherwise logs that `command` was dropped.
    private func poweredOn(_ command: String) -> BlueZCentral? {
        guard manager?.isPoweredOn(command) == true else { return nil }
        return central
    }

    func scan(services: [CBUUID]?, options: [String: Any]?) {
        poweredOn("scanForPeripherals")?.scan(services: services, options: options)
    }

    func stopScan() {
        poweredOn("stopScan")?.stopScan()
    }

    func connect(_ peripheral: CBPeripheral, options: [String: Any]?) {
        poweredOn("connect")?.connect(peripheral)
    }

    func cancel(_ peripheral: CBPeripheral) {
        poweredOn("cancelPeripheralConnection")?.cancel(peripheral)
    }

    func discoverServices(_ uuids: [CBUUID]?, of peripheral: CBPeripheral) {
        central?.discoverServices(uuids, of: peripheral)
    }

    func discoverIncludedServices(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral) {
        central?.discoverIncludedServices(uuids, for: service, of: peripheral)
    }

    func discoverCharacteristics(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral) {
        central?.discoverCharacteristics(uuids, for: service, of: peripheral)
    }

    func discoverDescriptors(for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        central?.discoverDescriptors(for: characteristic, of: peripheral)
    }

    func readValue(for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        central?.readValue(for: characteristic, of: peripheral)
    }

    func readValue(for descriptor: CBDescriptor, of peripheral: CBPeripheral) {
        central?.readValue(for: descriptor, of: peripheral)
    }

    func writeValue(
        _ data: Data, for characteristic: CBCharacteristic, type: CBCharacteristicWriteType, of peripheral: CBPeripheral
    ) {
        central?.writeValue(data, for: characteristic, type: type, of: peripheral)
    }

    func writeValue(_ data: Data, for descriptor: CBDescriptor, of peripheral: CBPeripheral) {
        central?.writeValue(data, for: descriptor, of: peripheral)
    }

    func setNotifyValue(_ enabled: Bool, for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        central?.setNotifyValue(enabled, for: characteristic, of: peripheral)
    }

    func readRSSI(of peripheral: CBPeripheral) {
        central?.readRSSI(of: peripheral)
    }

    func openL2CAPChannel(_ psm: CBL2CAPPSM, of peripheral: CBPeripheral) {
        central?.openL2CAPChannel(of: peripheral)
    }

    func close() {
        central?.close()
    }
}
