import HCI
import Host

extension CBPeripheral {
    /// Discovers the peripheral's primary services, all of them or those with the given UUIDs; the result
    /// arrives in `peripheral(_:didDiscoverServices:)` and ``services`` then holds what was found so far.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.4.
    func runServiceDiscovery(_ serviceUUIDs: [CBUUID]?) {
        let filter = (serviceUUIDs ?? []).map(\.bluetoothUUID)
        perform(
            "discoverServices",
            { host, link throws(HostError) in
                if filter.isEmpty { return try await host.discoverPrimaryServices(on: link) }
                var found: [DiscoveredService] = []
                for uuid in filter { found += try await host.discoverPrimaryServices(on: link, uuid: uuid) }
                return found
            }
        ) { [self] result in
            switch result {
            case .success(let found):
                var merged = services ?? []
                for discovered in found
                where !merged.contains(where: { serviceRanges[ObjectIdentifier($0)] == discovered }) {
                    merged.append(makeService(discovered))
                }
                services = sortedByHandle(merged)
                delegate?.peripheral(self, didDiscoverServices: nil)
            case .failure(let error):
                delegate?.peripheral(self, didDiscoverServices: error)
            }
        }
    }

    /// Finds the services a service includes, all of them or those with the given UUIDs; the result arrives in
    /// `peripheral(_:didDiscoverIncludedServicesFor:error:)`.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.5.
    func runIncludedServiceDiscovery(_ includedServiceUUIDs: [CBUUID]?, for service: CBService) {
        guard let range = validRange(of: service, command: "discoverIncludedServices") else { return }
        let filter = Set((includedServiceUUIDs ?? []).map(\.bluetoothUUID))
        perform(
            "discoverIncludedServices",
            { host, link throws(HostError) in
                try await host.discoverIncludedServices(of: range, on: link)
            }
        ) { [self] result in
            switch result {
            case .success(let found):
                var merged = service.includedServices ?? []
                for included in found where filter.isEmpty || filter.contains(included.uuid) {
                    let discovered = DiscoveredService(
                        uuid: included.uuid, handleRange: included.handleRange, isPrimary: false)
                    if merged.contains(where: {
                        serviceRanges[ObjectIdentifier($0)]?.handleRange == included.handleRange
                    }) {
                        continue
                    }
                    let known = services?.first {
                        serviceRanges[ObjectIdentifier($0)]?.handleRange == included.handleRange
                    }
                    merged.append(known ?? makeService(discovered))
                }
                service.includedServices = sortedByHandle(merged)
                delegate?.peripheral(self, didDiscoverIncludedServicesFor: service, error: nil)
            case .failure(let error):
                delegate?.peripheral(self, didDiscoverIncludedServicesFor: service, error: error)
            }
        }
    }

    /// Discovers a service's characteristics, all of them or those with the given UUIDs; the result arrives in
    /// `peripheral(_:didDiscoverCharacteristicsFor:error:)`.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.6.
    func runCharacteristicDiscovery(_ characteristicUUIDs: [CBUUID]?, for service: CBService) {
        guard let range = validRange(of: service, command: "discoverCharacteristics") else { return }
        let filter = Set((characteristicUUIDs ?? []).map(\.bluetoothUUID))
        perform(
            "discoverCharacteristics",
            { host, link throws(HostError) in
                try await host.discoverCharacteristics(of: range, on: link)
            }
        ) { [self] result in
            switch result {
            case .success(let found):
                var merged = service.characteristics ?? []
                for discovered in found where filter.isEmpty || filter.contains(discovered.uuid) {
                    if merged.contains(where: { characteristicDeclarations[ObjectIdentifier($0)] == discovered }) {
                        continue
                    }
                    let characteristic = CBCharacteristic(
                        uuid: CBUUID(discovered.uuid),
                        properties: CBCharacteristicProperties(rawValue: UInt(discovered.properties)),
                        value: nil, service: service)
                    characteristicDeclarations[ObjectIdentifier(characteristic)] = discovered
                    merged.append(characteristic)
                }
                service.characteristics = merged.sorted {
                    (characteristicDeclarations[ObjectIdentifier($0)]?.valueHandle.rawValue ?? 0)
                        < (characteristicDeclarations[ObjectIdentifier($1)]?.valueHandle.rawValue ?? 0)
                }
                delegate?.peripheral(self, didDiscoverCharacteristicsFor: service, error: nil)
            case .failure(let error):
                delegate?.peripheral(self, didDiscoverCharacteristicsFor: service, error: error)
            }
        }
    }

    /// Discovers a characteristic's descriptors; the result arrives in
    /// `peripheral(_:didDiscoverDescriptorsFor:error:)`.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.7.
    func runDescriptorDiscovery(for characteristic: CBCharacteristic) {
        guard let declaration = validDeclaration(of: characteristic, command: "discoverDescriptors") else { return }
        perform(
            "discoverDescriptors",
            { host, link throws(HostError) -> [DiscoveredDescriptor] in
                guard declaration.descriptorHandles != nil else { return [] }
                return try await host.discoverDescriptors(of: declaration, on: link)
            }
        ) { [self] result in
            switch result {
            case .success(let found):
                var merged = characteristic.descriptors ?? []
                for discovered in found
                where !merged.contains(where: { descriptorHandles[ObjectIdentifier($0)] == discovered }) {
                    let descriptor = CBDescriptor(
                        uuid: CBUUID(discovered.uuid), value: nil, characteristic: characteristic)
                    descriptorHandles[ObjectIdentifier(descriptor)] = discovered
                    merged.append(descriptor)
                }
                characteristic.descriptors = merged.sorted {
                    (descriptorHandles[ObjectIdentifier($0)]?.handle.rawValue ?? 0)
                        < (descriptorHandles[ObjectIdentifier($1)]?.handle.rawValue ?? 0)
                }
                delegate?.peripheral(self, didDiscoverDescriptorsFor: characteristic, error: nil)
            case .failure(let error):
                delegate?.peripheral(self, didDiscoverDescriptorsFor: characteristic, error: error)
            }
        }
    }

    /// The peer's Service Changed indication: drops the services whose handles overlap `range` (and everything
    /// discovered in them), then tells the delegate which ones went; none when services were only added.
    func servicesChanged(in range: ClosedRange<AttributeHandle>) {
        guard state == .connected else { return }
        let current = services ?? []
        var invalidated: [CBService] = []
        var kept: [CBService] = []
        for service in current {
            if let known = serviceRanges[ObjectIdentifier(service)], known.handleRange.overlaps(range) {
                invalidated.append(service)
            } else {
                kept.append(service)
            }
        }
        for service in invalidated { forget(service) }
        if services != nil { services = kept }
        delegate?.peripheral(self, didModifyServices: invalidated)
    }

    /// The characteristic whose value lies at `handle`, among those discovered.
    func characteristic(valueHandle handle: AttributeHandle) -> CBCharacteristic? {
        for service in services ?? [] {
            for characteristic in service.characteristics ?? []
            where characteristicDeclarations[ObjectIdentifier(characteristic)]?.valueHandle == handle {
                return characteristic
            }
        }
        return nil
    }

    func validRange(of service: CBService, command: String) -> DiscoveredService? {
        guard let range = serviceRanges[ObjectIdentifier(service)], service.peripheral === self else {
            CoreBluetoothLog.warning(
                "WARNING: \(service) is not a valid service for peripheral \(self), ignoring \(command)")
            return nil
        }
        return range
    }

    func validDeclaration(of characteristic: CBCharacteristic, command: String) -> DiscoveredCharacteristic? {
        guard let declaration = characteristicDeclarations[ObjectIdentifier(characteristic)] else {
            CoreBluetoothLog.warning(
                "WARNING: \(characteristic) is not a valid characteristic for peripheral \(self), ignoring \(command)")
            return nil
        }
        return declaration
    }

    func validHandle(of descriptor: CBDescriptor, command: String) -> DiscoveredDescriptor? {
        guard let discovered = descriptorHandles[ObjectIdentifier(descriptor)] else {
            CoreBluetoothLog.warning(
                "WARNING: \(descriptor) is not a valid descriptor for peripheral \(self), ignoring \(command)")
            return nil
        }
        return discovered
    }

    private func makeService(_ discovered: DiscoveredService) -> CBService {
        let service = CBService(uuid: CBUUID(discovered.uuid), isPrimary: discovered.isPrimary)
        service.peripheral = self
        serviceRanges[ObjectIdentifier(service)] = discovered
        return service
    }

    private func sortedByHandle(_ services: [CBService]) -> [CBService] {
        services.sorted {
            (serviceRanges[ObjectIdentifier($0)]?.handleRange.lowerBound.rawValue ?? 0)
                < (serviceRanges[ObjectIdentifier($1)]?.handleRange.lowerBound.rawValue ?? 0)
        }
    }

    private func forget(_ service: CBService) {
        serviceRanges[ObjectIdentifier(service)] = nil
        for characteristic in service.characteristics ?? [] {
            characteristicDeclarations[ObjectIdentifier(characteristic)] = nil
            for descriptor in characteristic.descriptors ?? [] { descriptorHandles[ObjectIdentifier(descriptor)] = nil }
        }
    }
}
