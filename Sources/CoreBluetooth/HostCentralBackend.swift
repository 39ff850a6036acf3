import Foundation
import Host

/// A central manager on our own host stack: starts the host on the manager's transport and hands each call to the
/// host-stack code of the manager and its peripherals (scanning, connecting, GATT client, L2CAP).
///
/// Confined to the manager's delegate queue; `@unchecked Sendable` only so that the task starting the host can hand
/// the host back to that queue.
final class HostCentralBackend: CentralBackend, @unchecked Sendable {
    private weak var manager: CBCentralManager?
    /// The host once it started, stopped when the manager goes away.
    private var host: BluetoothHost?

    /// A backend for a manager whose host is started elsewhere, or not at all (a peripheral whose manager is gone).
    init(manager: CBCentralManager?) {
        self.manager = manager
    }

    /// Starts `manager`'s host stack on the transport `options` or `BLUETOOTH_TRANSPORT` name, and keeps one up
    /// (``HostRecovery``): the manager hears `.poweredOn` once it is up and the host's events from then on, and
    /// `.poweredOff` while no controller answers.
    static func start(for manager: CBCentralManager, options: [String: Any]?) -> HostCentralBackend {
        let backend = HostCentralBackend(manager: manager)
        let queue = manager.queue
        let spec: ManagerHost.Launch
        do {
            spec = try ManagerHost.launch(options: options, pairingAgent: manager.pairingAgentBridge(options: options))
        } catch {
            CoreBluetoothLog.warning("\(manager) cannot use its transport: \(error)")
            queue.async { [weak manager] in manager?.update(to: .unsupported) }
            return backend
        }
        weak let owner = manager
        Task {
            await HostRecovery.keep(
                spec, wanted: { owner != nil },
                unavailable: { error in queue.async { owner?.unavailable(because: "\(error)") } },
                run: { host in
                    queue.async {
                        guard let owner else {
                            Task { await host.stop() }
                            return
                        }
                        backend.host = host
                        owner.started(host)
                    }
                    await HostRecovery.events(
                        of: host, { event in queue.async { owner?.handle(event) } },
                        ended: { queue.async { owner?.stopped() } })
                })
        }
        return backend
    }

    func scan(services: [CBUUID]?, options: [String: Any]?) {
        manager?.startScan(withServices: services, options: options)
    }

    func stopScan() {
        manager?.endScan()
    }

    func connect(_ peripheral: CBPeripheral, options: [String: Any]?) {
        guard let manager, let host = manager.host else { return }
        peripheral.reconnectsAutomatically = options?[CBConnectPeripheralOptionEnableAutoReconnect] as? Bool ?? false
        manager.beginAttempt(to: peripheral, on: host)
    }

    func cancel(_ peripheral: CBPeripheral) {
        manager?.disconnectOnHost(peripheral)
    }

    func discoverServices(_ uuids: [CBUUID]?, of peripheral: CBPeripheral) {
        peripheral.runServiceDiscovery(uuids)
    }

    func discoverIncludedServices(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral) {
        peripheral.runIncludedServiceDiscovery(uuids, for: service)
    }

    func discoverCharacteristics(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral) {
        peripheral.runCharacteristicDiscovery(uuids, for: service)
    }

    func discoverDescriptors(for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        peripheral.runDescriptorDiscovery(for: characteristic)
    }

    func readValue(for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        peripheral.readCharacteristic(characteristic)
    }

    func readValue(for descriptor: CBDescriptor, of peripheral: CBPeripheral) {
        peripheral.readDescriptor(descriptor)
    }

    func writeValue(
        _ data: Data, for characteristic: CBCharacteristic, type: CBCharacteristicWriteType, of peripheral: CBPeripheral
    ) {
        peripheral.writeCharacteristic(data, characteristic, type: type)
    }

    func writeValue(_ data: Data, for descriptor: CBDescriptor, of peripheral: CBPeripheral) {
        peripheral.writeDescriptor(data, descriptor)
    }

    func setNotifyValue(_ enabled: Bool, for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        peripheral.configureNotifications(enabled, for: characteristic)
    }

    func readRSSI(of peripheral: CBPeripheral) {
        peripheral.readLinkRSSI()
    }

    func openL2CAPChannel(_ psm: CBL2CAPPSM, of peripheral: CBPeripheral) {
        peripheral.openChannel(psm)
    }

    /// Stops the manager's host, if it started one.
    func close() {
        guard let host else { return }
        Task { await host.stop() }
    }
}
