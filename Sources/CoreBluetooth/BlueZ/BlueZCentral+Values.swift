import BlueZ

/// Reads, writes and notifications on bluetoothd's GATT objects, and what BlueZ cannot do for a central.
extension BlueZCentral {
    /// Reads a characteristic's value.
    func readValue(for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        guard let link = links[devicePath(of: peripheral)], let path = link.path(of: characteristic) else { return }
        link.reading[path, default: 0] += 1
        run(
            peripheral, "readValue",
            { client, _ throws(BlueZError) in try await client.readValue(path, descriptor: false) }
        ) {
            link, result in
            link.reading[path, default: 1] -= 1
            if link.reading[path] == 0 { link.reading[path] = nil }
            switch result {
            case .success(let bytes):
                characteristic.value = Data(bytes)
                peripheral.delegate?.peripheral(peripheral, didUpdateValueFor: characteristic, error: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didUpdateValueFor: characteristic, error: error)
            }
        }
    }

    /// Reads a descriptor's value, typed by its UUID.
    func readValue(for descriptor: CBDescriptor, of peripheral: CBPeripheral) {
        guard let path = links[devicePath(of: peripheral)]?.path(of: descriptor) else { return }
        run(
            peripheral, "readValue",
            { client, _ throws(BlueZError) in try await client.readValue(path, descriptor: true) }
        ) {
            _, result in
            switch result {
            case .success(let bytes):
                descriptor.received(bytes)
                peripheral.delegate?.peripheral(peripheral, didUpdateValueFor: descriptor, error: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didUpdateValueFor: descriptor, error: error)
            }
        }
    }

    /// Writes a characteristic's value as a request (with response) or a command (without).
    func writeValue(
        _ data: Data, for characteristic: CBCharacteristic, type: CBCharacteristicWriteType, of peripheral: CBPeripheral
    ) {
        guard let link = links[devicePath(of: peripheral)], let path = link.path(of: characteristic) else { return }
        let bytes = [UInt8](data)
        guard type == .withResponse else {
            guard characteristic.properties.contains(.writeWithoutResponse) else {
                return CoreBluetoothLog.warning(
                    "WARNING: Characteristic \(characteristic) does not specify the \"Write Without Response\" property "
                        + "- ignoring response-less write")
            }
            guard peripheral.state == .connected else {
                return CoreBluetoothLog.warning("API MISUSE: \(peripheral) is not connected, ignoring writeValue")
            }
            if link.writeChannels[path] != nil || link.acquirable[path]?.contains(.write) == true {
                return writeWithoutResponse(bytes, for: characteristic, at: path, of: peripheral, link: link)
            }
            return writeThroughWriteValue([bytes], for: characteristic, at: path, of: peripheral)
        }
        let channel = link.writeChannels[path]
        channel?.release()
        link.writeChannels[path] = nil
        let afterSocket = channel?.hadSocket ?? false
        run(
            peripheral, "writeValue",
            { client, _ throws(BlueZError) in
                try await Self.writeValue(bytes, to: path, withResponse: true, afterSocket: afterSocket, on: client)
            }
        ) { _, result in
            peripheral.delegate?.peripheral(peripheral, didWriteValueFor: characteristic, error: result.failure)
        }
    }

    /// Writes a descriptor's value.
    func writeValue(_ data: Data, for descriptor: CBDescriptor, of peripheral: CBPeripheral) {
        guard let path = links[devicePath(of: peripheral)]?.path(of: descriptor) else { return }
        let bytes = [UInt8](data)
        run(
            peripheral, "writeValue",
            { client, _ throws(BlueZError) in
                try await client.writeValue(bytes, to: path, descriptor: true, withResponse: true)
            }
        ) { _, result in
            peripheral.delegate?.peripheral(peripheral, didWriteValueFor: descriptor, error: result.failure)
        }
    }

    /// Turns notifications (or indications) on or off through `StartNotify` / `StopNotify`. Values that arrive
    /// before bluetoothd answers wait for the notification state to be reported first.
    func setNotifyValue(_ enabled: Bool, for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        guard let link = links[devicePath(of: peripheral)], let path = link.path(of: characteristic) else { return }
        if let socket = link.notifySockets[path] {
            guard !enabled else {
                return run(peripheral, "setNotifyValue", { _, _ throws(BlueZError) in }) { _, _ in
                    peripheral.delegate?.peripheral(
                        peripheral, didUpdateNotificationStateFor: characteristic, error: nil)
                }
            }
            return releaseNotifications(socket, for: characteristic, at: path, of: peripheral)
        }
        if enabled, !characteristic.isNotifying, link.acquirable[path]?.contains(.notify) == true {
            return acquireNotifications(for: characteristic, at: path, of: peripheral)
        }
        let wasNotifying = characteristic.isNotifying
        if enabled { link.held[path] = link.held[path] ?? [] }
        run(
            peripheral, "setNotifyValue",
            { client, _ throws(BlueZError) in
                guard enabled || wasNotifying else { return }
                try await client.setNotifying(enabled, path)
            }
        ) { link, result in
            if case .success = result { characteristic.isNotifying = enabled }
            let held = link.held.removeValue(forKey: path) ?? []
            peripheral.delegate?.peripheral(
                peripheral, didUpdateNotificationStateFor: characteristic, error: result.failure)
            guard characteristic.isNotifying else { return }
            for value in held { Self.deliver(value, to: characteristic, of: peripheral) }
        }
    }

    /// A characteristic's `Value` changed: a notification when the app is subscribed through `StartNotify` and no read
    /// of it is under way.
    func valueChanged(_ value: [UInt8], at path: String) {
        for link in links.values {
            guard let characteristic = link.characteristics[path],
                let peripheral = peripheralsByPath[link.devicePath], peripheral.state == .connected,
                link.reading[path] == nil, link.notifySockets[path] == nil
            else { continue }
            if link.held[path] != nil {
                link.held[path]?.append(value)
            } else if characteristic.isNotifying {
                Self.deliver(value, to: characteristic, of: peripheral)
            }
        }
    }

    static func deliver(_ value: [UInt8], to characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        characteristic.value = Data(value)
        peripheral.delegate?.peripheral(peripheral, didUpdateValueFor: characteristic, error: nil)
    }

    /// Reads the link's RSSI from the kernel (management Get Connection Information), since bluetoothd offers no RSSI
    /// of a connected LE device over D-Bus. Where the process may not use the management socket (it needs
    /// CAP_NET_ADMIN), the delegate hears `CBError.operationNotSupported`, after a log line saying so.
    func readRSSI(of peripheral: CBPeripheral) {
        let adapter = client.adapterIndex
        run(
            peripheral, "readRSSI",
            { client, path throws(BlueZError) in
                guard let device = client.device(path), let adapter else {
                    throw BlueZError(name: "org.bluez.Error.NotConnected", message: "Not connected")
                }
                return try await Self.connectionInfo(adapter: adapter, of: device).rssi
            }
        ) { _, result in
            switch result {
            case .success(let rssi):
                peripheral.lastRSSI = NSNumber(value: rssi)
                peripheral.delegate?.peripheral(peripheral, didReadRSSI: NSNumber(value: rssi), error: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didReadRSSI: NSNumber(value: 127), error: error)
            }
        }
    }

    /// The kernel's measures of the link to `device`, asked off the cooperative pool (the management socket is
    /// read with a blocking wait).
    private static func connectionInfo(
        adapter: UInt16, of device: BlueZDevice
    ) async throws(BlueZError) -> ManagementConnectionInfo {
        let result = await withCheckedContinuation { done in
            DispatchQueue.global().async {
                done.resume(
                    returning: Result { () throws(BlueZError) in
                        try ManagementSocket.connectionInfo(
                            adapter: adapter, address: device.address, random: device.isRandomAddress)
                    })
            }
        }
        if case .failure(let error) = result {
            CoreBluetoothLog.warning("readRSSI of \(device.address): \(error.message)")
        }
        return try result.get()
    }

    /// bluetoothd offers no LE credit-based channels over D-Bus: the delegate hears
    /// `CBError.operationNotSupported`.
    func openL2CAPChannel(of peripheral: CBPeripheral) {
        run(peripheral, "openL2CAPChannel", { _, _ throws(BlueZError) in }) { _, _ in
            peripheral.delegate?.peripheral(peripheral, didOpen: nil, error: CBError(reporting: .operationNotSupported))
        }
    }
}
