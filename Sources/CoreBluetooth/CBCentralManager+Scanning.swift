import HCI
import Host

extension CBCentralManager {
    /// How long an advertisement waits for its scan response before it is reported alone.
    static let scanResponseWait: DispatchTimeInterval = .milliseconds(500)

    /// Scans for peripherals advertising any of `serviceUUIDs` (every peripheral when nil or empty), actively,
    /// so scan responses are merged into the advertisement data reported to
    /// `centralManager(_:didDiscover:advertisementData:rssi:)`. Scanning again replaces the services and options.
    ///
    /// Options: ``CBCentralManagerScanOptionAllowDuplicatesKey`` and
    /// ``CBCentralManagerScanOptionSolicitedServiceUUIDsKey``.
    func startScan(withServices serviceUUIDs: [CBUUID]?, options: [String: Any]?) {
        guard let host = poweredOn("scanForPeripherals") else { return }
        let allowsDuplicates = Self.flag(options?[CBCentralManagerScanOptionAllowDuplicatesKey]) ?? false
        let solicited = options?[CBCentralManagerScanOptionSolicitedServiceUUIDsKey] as? [CBUUID] ?? []
        let wasScanning = isScanning
        scan = ScanSession(services: serviceUUIDs ?? [], solicited: solicited, allowsDuplicates: allowsDuplicates)
        isScanning = true
        saveRestorationState()
        scanWorker.enqueue {
            do {
                if wasScanning { try await host.stopScanning() }
                try await host.startScanning(active: true, filterDuplicates: !allowsDuplicates)
            } catch {
                CoreBluetoothLog.warning("scanning did not start: \(error)")
            }
        }
    }

    /// Stops scanning; no discovery is reported after it returns.
    func endScan() {
        guard let host = poweredOn("stopScan") else { return }
        guard isScanning else { return }
        isScanning = false
        scan = nil
        saveRestorationState()
        scanWorker.enqueue {
            do {
                try await host.stopScanning()
            } catch {
                CoreBluetoothLog.warning("scanning did not stop: \(error)")
            }
        }
    }

    /// An advertisement or scan response arrived: a scannable advertisement waits for its scan response,
    /// which is merged into it; anything else is reported at once.
    func received(_ seen: AdvertisementSeen) {
        guard isScanning, let scan else { return }
        scan.forgetDevicesIfFull()
        let identifier = PeripheralIdentifier.make(address: seen.address, type: seen.addressType)
        if seen.isScanResponse {
            let advertisement = scan.held.removeValue(forKey: identifier)?.seen ?? scan.advertisements[identifier]
            report(advertisement: advertisement, scanResponse: seen, in: scan)
        } else if seen.isConnectable {
            scan.advertisements[identifier] = seen
            let token = scan.nextToken
            scan.nextToken += 1
            scan.held[identifier] = (seen, token)
            let session = ObjectIdentifier(scan)
            queue.asyncAfter(deadline: .now() + Self.scanResponseWait) { [self] in
                guard let scan = self.scan, ObjectIdentifier(scan) == session, scan.held[identifier]?.token == token
                else { return }
                scan.held[identifier] = nil
                self.report(advertisement: seen, scanResponse: nil, in: scan)
            }
        } else {
            scan.advertisements[identifier] = seen
            report(advertisement: seen, scanResponse: nil, in: scan)
        }
    }

    private func report(advertisement: AdvertisementSeen?, scanResponse: AdvertisementSeen?, in scan: ScanSession) {
        guard let source = advertisement ?? scanResponse else { return }
        let bytes = (advertisement?.data ?? []) + (scanResponse?.data ?? [])
        let data = AdvertisingData(Self.structures(advertisement) + Self.structures(scanResponse))
        guard scan.matches(data) else { return }
        let peripheral = peripheral(address: source.address, type: source.addressType)
        if !scan.allowsDuplicates, scan.reported[peripheral.identifier] == bytes { return }
        scan.reported[peripheral.identifier] = bytes
        if let name = data.localName?.name { peripheral.rename(name) }
        let rssi = scanResponse?.rssi ?? source.rssi
        delegate?.centralManager(
            self, didDiscover: peripheral,
            advertisementData: AdvertisementDictionary.make(data, isConnectable: source.isConnectable),
            rssi: NSNumber(value: rssi))
    }

    private static func structures(_ seen: AdvertisementSeen?) -> [ADStructure] {
        guard let seen else { return [] }
        do {
            return try AdvertisingData(decoding: seen.data).structures
        } catch {
            CoreBluetoothLog.warning("malformed advertising data from \(seen.address) dropped: \(error)")
            return []
        }
    }

    /// A Boolean option as apps pass it: a `Bool` or an `NSNumber`.
    static func flag(_ value: Any?) -> Bool? {
        if let bool = value as? Bool { return bool }
        if let number = value as? NSNumber { return number.boolValue }
        return nil
    }
}
