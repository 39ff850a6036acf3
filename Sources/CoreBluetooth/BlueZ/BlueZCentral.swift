import BlueZ
import HCI

/// Runs a central manager on bluetoothd: the manager's state from the adapter's, scanning with discovery filters,
/// connections through `Device1`, and (in BlueZCentral+GATT) the GATT client on BlueZ's object tree.
///
/// Confined to the manager's delegate queue, like the manager; `@unchecked Sendable` only so that calls to
/// bluetoothd can hand their results back to that queue.
final class BlueZCentral: BlueZBackend, @unchecked Sendable {
    /// The properties of `Device1` that carry advertisement data.
    static let advertisementProperties: Set<String> = [
        "Added", "RSSI", "Name", "UUIDs", "ManufacturerData", "ServiceData", "TxPower",
    ]

    let client: BlueZClient
    let queue: DispatchQueue
    weak var manager: CBCentralManager?
    var scanServices: [CBUUID] = []
    var allowsDuplicates = false
    var reported: [UUID: String] = [:]
    var links: [String: BlueZLink] = [:]
    var peripheralsByPath: [String: CBPeripheral] = [:]
    let scanWorker = SerialWorker()

    init(client: BlueZClient, queue: DispatchQueue) {
        self.client = client
        self.queue = queue
    }

    /// Closes the sockets bluetoothd handed over, unregisters the pairing agent and closes the connection to
    /// bluetoothd, once the scan calls already issued are made and bluetoothd has let go of the notification
    /// sockets (see ``cancel(_:)`` for why that comes first).
    func close() {
        queue.async { [self] in
            let notifying = links.values.flatMap { $0.closeSockets() }
            scanWorker.enqueue { [client] in
                for path in notifying { await Self.released(.notify, path, on: client) }
                try? await client.unregisterAgent()
                client.close()
            }
        }
    }

    func handle(_ event: BlueZEvent) {
        guard let manager else { return }
        switch event {
        case .adapterPowered(let powered):
            adapterPowered(powered)
        case .deviceChanged(let device, let changed):
            guard manager.state == .poweredOn else { return }
            if manager.isScanning, device.rssi != nil, !changed.isDisjoint(with: Self.advertisementProperties) {
                report(device)
            }
            if changed.contains("Connected"), !device.isConnected, let link = links[device.path] {
                linkWentDown(link)
            }
        case .deviceRemoved:
            break
        case .valueChanged(let path, let value):
            valueChanged(value, at: path)
        }
    }

    // MARK: Scanning

    /// Sets the discovery filter and starts discovering; a scan already running is replaced.
    func scan(services: [CBUUID]?, options: [String: Any]?) {
        guard let manager else { return }
        scanServices = services ?? []
        allowsDuplicates = CBCentralManager.flag(options?[CBCentralManagerScanOptionAllowDuplicatesKey]) ?? false
        reported = [:]
        let wasScanning = manager.isScanning
        manager.isScanning = true
        let uuids = scanServices.map(\.bluezString)
        let duplicates = allowsDuplicates
        scanWorker.enqueue { [self, client] in
            do throws(BlueZError) {
                if wasScanning { try await client.stopDiscovery() }
                try await client.startDiscovery(serviceUUIDs: uuids, duplicates: duplicates)
            } catch {
                CoreBluetoothLog.warning("scanning did not start: \(error)")
                return
            }
            queue.async { [self] in reportKnownAdvertisers() }
        }
    }

    /// Reports the devices bluetoothd already knew with a signal strength: it signals nothing for them while what
    /// they advertise, and their RSSI, stay the same (as on the virtual air, or for a device seen by an earlier
    /// process).
    private func reportKnownAdvertisers() {
        guard manager?.isScanning == true else { return }
        for device in client.devices where device.rssi != nil { report(device) }
    }

    /// Stops discovering; nothing more is reported.
    func stopScan() {
        guard let manager, manager.isScanning else { return }
        manager.isScanning = false
        scanWorker.enqueue { [client] in
            do throws(BlueZError) {
                try await client.stopDiscovery()
            } catch {
                CoreBluetoothLog.warning("scanning did not stop: \(error)")
            }
        }
    }

    private func report(_ device: BlueZDevice) {
        guard let manager, BlueZAdvertisement.matches(device, services: scanServices),
            let peripheral = peripheral(for: device)
        else { return }
        if !allowsDuplicates {
            let content =
                "\(device.name ?? "")|\(device.serviceUUIDs)|\(device.manufacturerData.sorted { $0.key < $1.key })|"
                + "\(device.serviceData.sorted { $0.key < $1.key })|\(device.txPower ?? 0)"
            guard reported[peripheral.identifier] != content else { return }
            reported[peripheral.identifier] = content
        }
        if let name = device.name { peripheral.rename(name) }
        manager.delegate?.centralManager(
            manager, didDiscover: peripheral, advertisementData: BlueZAdvertisement.dictionary(device),
            rssi: NSNumber(value: device.rssi ?? 127))
    }

    /// The one peripheral object of a device bluetoothd reported.
    func peripheral(for device: BlueZDevice) -> CBPeripheral? {
        guard let manager, let address = BluetoothAddress(device.address) else { return nil }
        let peripheral = manager.peripheral(address: address, type: device.isRandomAddress ? .random : .public)
        peripheralsByPath[device.path] = peripheral
        return peripheral
    }

    func peer(at path: String) -> CBPeer? {
        peripheralsByPath[path] ?? client.device(path).flatMap(peripheral(for:))
    }

    /// The object path bluetoothd gives the peripheral's device.
    func devicePath(of peripheral: CBPeripheral) -> String {
        peripheralsByPath.first { $0.value === peripheral }?.key
            ?? client.devicePath(address: peripheral.address.description)
    }

    // MARK: Connections

    /// Connects through `Device1.Connect`, which waits as long as it takes.
    func connect(_ peripheral: CBPeripheral) {
        let path = devicePath(of: peripheral)
        peripheralsByPath[path] = peripheral
        let link = BlueZLink(devicePath: path)
        links[path] = link
        let attempt = ConnectAttempt()
        peripheral.attempt = attempt
        peripheral.state = .connecting
        Task { [client] in
            let result: Result<Void, BlueZError>
            do throws(BlueZError) {
                try await client.connect(path)
                guard await client.waitForConnection(of: path) else {
                    throw BlueZError(name: "org.bluez.Error.Failed", message: "disconnected while connecting")
                }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            queue.async { [self] in connectEnded(attempt, of: peripheral, link: link, with: result) }
        }
    }

    private func connectEnded(
        _ attempt: ConnectAttempt, of peripheral: CBPeripheral, link: BlueZLink, with result: Result<Void, BlueZError>
    ) {
        guard let manager, peripheral.attempt === attempt else { return }
        peripheral.attempt = nil
        if attempt.isCancelled {
            if case .success = result { Task { [client] in try? await client.disconnect(link.devicePath) } }
            links[link.devicePath] = nil
            peripheral.reset()
            manager.delegate?.centralManager(manager, didDisconnectPeripheral: peripheral, error: nil)
            return
        }
        switch result {
        case .success:
            peripheral.state = .connected
            peripheral.canSendWriteWithoutResponse = true
            manager.delegate?.centralManager(manager, didConnect: peripheral)
        case .failure(let error):
            links[link.devicePath] = nil
            peripheral.reset()
            manager.delegate?.centralManager(manager, didFailToConnect: peripheral, error: error.reportedForConnect)
        }
    }

    /// Cancels a connection attempt or disconnects; the delegate hears of it with a nil error.
    ///
    /// The link's `AcquireNotify` sockets are closed first, and `Disconnect` goes out once bluetoothd has let go of
    /// them: bluetoothd 5.66 frees a notification session when its owner leaves the bus, then crashes when it
    /// handles the session's socket closing (use after free, fixed upstream in 2026), so this process must never
    /// leave the bus (exit, or close its connection) with such a socket still open. An app that exits right after
    /// `didDisconnectPeripheral`, or after the disconnection took too long, then has none left.
    func cancel(_ peripheral: CBPeripheral) {
        let path = devicePath(of: peripheral)
        switch peripheral.state {
        case .connecting:
            peripheral.state = .disconnecting
            peripheral.attempt?.cancel()
        case .connected:
            peripheral.state = .disconnecting
        case .disconnected, .disconnecting:
            return
        }
        let notifying = links[path]?.closeNotifySockets() ?? []
        Task { [client] in
            for characteristic in notifying { await Self.released(.notify, characteristic, on: client) }
            do throws(BlueZError) {
                try await client.disconnect(path)
            } catch {
                CoreBluetoothLog.warning("disconnecting \(path) failed: \(error)")
            }
        }
    }

    /// The device's `Connected` went false: pending operations fail and the delegate hears of the disconnection,
    /// with no error when the app asked for it. BlueZ 5.66 does not say why a link went down, so every other
    /// disconnection is `peripheralDisconnected`.
    private func linkWentDown(_ link: BlueZLink) {
        guard let manager, let peripheral = peripheralsByPath[link.devicePath], peripheral.attempt == nil,
            peripheral.state == .connected || peripheral.state == .disconnecting
        else { return }
        links[link.devicePath] = nil
        link.closeSockets()
        let error: CBError? = peripheral.state == .disconnecting ? nil : CBError(reporting: .peripheralDisconnected)
        peripheral.linkDown(failingWith: error ?? CBError(reporting: .operationCancelled))
        manager.delegate?.centralManager(manager, didDisconnectPeripheral: peripheral, error: error)
    }

    func poweredOff() {
        manager?.isScanning = false
        for link in links.values { link.closeSockets() }
        links = [:]
        for peripheral in peripheralsByPath.values { peripheral.reset() }
    }
}
