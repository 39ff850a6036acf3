import BlueZ

/// The GATT client on bluetoothd: services, characteristics and descriptors come from the objects bluetoothd made
/// when it resolved the device's services; reads, writes and notifications go through their `ReadValue`,
/// `WriteValue` and `StartNotify`.
extension BlueZCentral {
    /// Runs a call to bluetoothd for `peripheral` after every operation issued before it, and hands the result to
    /// `completion` on the delegate queue; dropped with a log line when the peripheral is not connected.
    func run<Value: Sendable>(
        _ peripheral: CBPeripheral, _ command: String,
        _ call: @escaping @Sendable (BlueZClient, String) async throws(BlueZError) -> Value,
        completion: @escaping (BlueZLink, Result<Value, any Error>) -> Void
    ) {
        guard peripheral.state == .connected, let link = links[devicePath(of: peripheral)] else {
            CoreBluetoothLog.warning("API MISUSE: \(peripheral) is not connected, ignoring \(command)")
            return
        }
        let client = client
        let path = link.devicePath
        peripheral.schedule(
            {
                do throws(BlueZError) {
                    return .success(try await call(client, path))
                } catch {
                    return .failure(error.reportedForGATT)
                }
            }, completion: { completion(link, $0) })
    }

    /// The device's services once bluetoothd has resolved them.
    private static func resolvedServices(
        _ client: BlueZClient, _ devicePath: String
    ) async throws(BlueZError)
        -> [BlueZGattService]
    {
        guard await client.waitForServices(of: devicePath) else {
            throw BlueZError(name: "org.bluez.Error.NotConnected", message: "Not connected")
        }
        return client.services(of: devicePath)
    }

    /// Discovers primary services, all of them or those with the given UUIDs.
    func discoverServices(_ uuids: [CBUUID]?, of peripheral: CBPeripheral) {
        run(peripheral, "discoverServices", Self.resolvedServices) { [self] link, result in
            switch result {
            case .success(let found):
                let wanted = found.filter { $0.isPrimary && Self.wanted($0.uuid, uuids) }
                peripheral.services = merge(wanted, into: peripheral.services ?? [], link: link) { path in
                    let service = found.first { $0.path == path }!
                    let made = CBService(uuid: CBUUID(bluez: service.uuid) ?? CBUUID(), isPrimary: service.isPrimary)
                    made.peripheral = peripheral
                    return made
                }
                if let mtu = found.lazy.flatMap(\.characteristics).compactMap(\.mtu).first { peripheral.mtu = mtu }
                peripheral.delegate?.peripheral(peripheral, didDiscoverServices: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didDiscoverServices: error)
            }
        }
    }

    /// Finds the services a service includes, all of them or those with the given UUIDs.
    func discoverIncludedServices(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral) {
        guard let servicePath = links[devicePath(of: peripheral)]?.path(of: service) else { return }
        run(peripheral, "discoverIncludedServices", Self.resolvedServices) { [self] link, result in
            switch result {
            case .success(let found):
                let includes = found.first { $0.path == servicePath }?.includes ?? []
                let wanted = found.filter { includes.contains($0.path) && Self.wanted($0.uuid, uuids) }
                service.includedServices = merge(wanted, into: service.includedServices ?? [], link: link) { path in
                    let included = found.first { $0.path == path }!
                    let made = CBService(uuid: CBUUID(bluez: included.uuid) ?? CBUUID(), isPrimary: included.isPrimary)
                    made.peripheral = peripheral
                    return made
                }
                peripheral.delegate?.peripheral(peripheral, didDiscoverIncludedServicesFor: service, error: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didDiscoverIncludedServicesFor: service, error: error)
            }
        }
    }

    /// Discovers a service's characteristics, all of them or those with the given UUIDs.
    func discoverCharacteristics(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral) {
        guard let servicePath = links[devicePath(of: peripheral)]?.path(of: service) else { return }
        run(peripheral, "discoverCharacteristics", Self.resolvedServices) { [self] link, result in
            switch result {
            case .success(let found):
                let all = found.first { $0.path == servicePath }?.characteristics ?? []
                let wanted = all.filter { Self.wanted($0.uuid, uuids) }
                service.characteristics = merge(wanted, into: service.characteristics ?? [], link: link) { path in
                    let characteristic = all.first { $0.path == path }!
                    let made = CBCharacteristic(
                        uuid: CBUUID(bluez: characteristic.uuid) ?? CBUUID(),
                        properties: BlueZGattFlags.properties(characteristic.flags), value: nil, service: service)
                    link.characteristics[path] = made
                    link.acquirable[path] = Set(
                        [
                            characteristic.offersAcquireWrite ? .write : nil,
                            characteristic.offersAcquireNotify ? .notify : nil,
                        ]
                        .compactMap { $0 })
                    return made
                }
                peripheral.delegate?.peripheral(peripheral, didDiscoverCharacteristicsFor: service, error: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didDiscoverCharacteristicsFor: service, error: error)
            }
        }
    }

    /// Discovers a characteristic's descriptors.
    func discoverDescriptors(for characteristic: CBCharacteristic, of peripheral: CBPeripheral) {
        guard let characteristicPath = links[devicePath(of: peripheral)]?.path(of: characteristic) else { return }
        run(peripheral, "discoverDescriptors", Self.resolvedServices) { [self] link, result in
            switch result {
            case .success(let found):
                let all =
                    found.lazy.flatMap(\.characteristics).first { $0.path == characteristicPath }?.descriptors ?? []
                characteristic.descriptors = merge(all, into: characteristic.descriptors ?? [], link: link) { path in
                    let descriptor = all.first { $0.path == path }!
                    return CBDescriptor(
                        uuid: CBUUID(bluez: descriptor.uuid) ?? CBUUID(), value: nil, characteristic: characteristic)
                }
                peripheral.delegate?.peripheral(peripheral, didDiscoverDescriptorsFor: characteristic, error: nil)
            case .failure(let error):
                peripheral.delegate?.peripheral(peripheral, didDiscoverDescriptorsFor: characteristic, error: error)
            }
        }
    }

    /// Keeps the attribute objects already handed out, adds one for each newly found object path, and orders them
    /// all by handle.
    private func merge<Found: BlueZGattObject, Attribute: CBAttribute>(
        _ found: [Found], into current: [Attribute], link: BlueZLink, make: (String) -> Attribute
    ) -> [Attribute] {
        var merged = current
        let known = Set(current.compactMap(link.path(of:)))
        for object in found where !known.contains(object.path) {
            let attribute = make(object.path)
            link.paths[ObjectIdentifier(attribute)] = object.path
            merged.append(attribute)
        }
        return merged.sorted {
            BlueZGattPath.handle(of: link.path(of: $0) ?? "") < BlueZGattPath.handle(of: link.path(of: $1) ?? "")
        }
    }

    private static func wanted(_ uuid: String, _ filter: [CBUUID]?) -> Bool {
        guard let filter, !filter.isEmpty, let found = CBUUID(bluez: uuid) else { return true }
        return filter.contains(found)
    }
}
