import BlueZ

/// Advertising through `LEAdvertisingManager1`.
extension BlueZPeripheral {
    /// Registers an advertisement with the local name and service UUIDs of `data` (other keys are ignored with a
    /// warning, as Apple's are); `peripheralManagerDidStartAdvertising(_:error:)` follows.
    func startAdvertising(_ data: [String: Any]?) {
        guard let manager else { return }
        guard advertisement == nil else {
            worker.enqueue { [queue] in
                queue.async {
                    manager.delegate?.peripheralManagerDidStartAdvertising(
                        manager, error: CBError(reporting: .alreadyAdvertising))
                }
            }
            return
        }
        let data = data ?? [:]
        for key in data.keys.sorted()
        where key != CBAdvertisementDataLocalNameKey && key != CBAdvertisementDataServiceUUIDsKey {
            manager.report("WARNING: The advertisement key '\(key)' is not allowed")
        }
        let wanted = BlueZLocalAdvertisement(
            localName: data[CBAdvertisementDataLocalNameKey] as? String,
            serviceUUIDs: (data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] ?? []).map(\.bluezString))
        advertisement = wanted
        worker.enqueue { [self] in
            let failure: BlueZError?
            do throws(BlueZError) {
                let path = try await client.registerAdvertisement(wanted)
                advertisementPath.withLock { $0 = path }
                failure = nil
            } catch {
                failure = error
            }
            queue.async { self.advertisingStarted(wanted, failure: failure) }
        }
    }

    private func advertisingStarted(_ wanted: BlueZLocalAdvertisement, failure: BlueZError?) {
        guard let manager else { return }
        if let failure {
            manager.report("advertising not started: \(failure)")
            if advertisement == wanted { advertisement = nil }
        }
        manager.advertising = failure == nil && advertisement == wanted
        manager.delegate?.peripheralManagerDidStartAdvertising(
            manager, error: failure.map { _ in CBError(reporting: .unknown) })
    }

    /// Unregisters the advertisement; no delegate callback follows.
    func stopAdvertising() {
        advertisement = nil
        manager?.advertising = false
        worker.enqueue { [self] in
            guard let path = advertisementPath.withLock({ $0.take() }) else { return }
            do throws(BlueZError) {
                try await client.unregisterAdvertisement(path)
            } catch {
                CoreBluetoothLog.warning("advertisement \(path) not unregistered: \(error)")
            }
        }
    }

    /// bluetoothd dropped the advertisement at `path` (the adapter went off, or it needed the slot).
    func advertisementReleased(_ path: String) {
        guard advertisementPath.withLock({ $0 == path ? $0.take() : nil }) != nil else { return }
        advertisement = nil
        manager?.advertising = false
    }
}
