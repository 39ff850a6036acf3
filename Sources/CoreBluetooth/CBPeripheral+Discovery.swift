import HCI
import Host

extension CBPeripheral {
    /// How many times a service discovery starts again because Service Changed indications keep arriving while it
    /// runs, before it fails instead.
    static let maximumDiscoveryRestarts = 32

    /// Discovers the peripheral's primary services, all of them or those with the given UUIDs; the result
    /// arrives in `peripheral(_:didDiscoverServices:)` and ``services`` then holds what was found so far.
    ///
    /// A Service Changed indication while the discovery runs makes what it found suspect (some answers may
    /// describe the old database): the discovery starts again, up to ``maximumDiscoveryRestarts`` times, so the
    /// delegate only ever hears of services found after the last change.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.4 and 7.1.
    func runServiceDiscovery(_ serviceUUIDs: [CBUUID]?, restarts: Int = 0) {
        let filter = (serviceUUIDs ?? []).map(\.bluetoothUUID)
        let generation = servicesGeneration
        perform(
            "discoverServices",
            { host, link throws(HostError) in
                if filter.isEmpty { return try await host.discoverPrimaryServices(on: link) }
                var found: [DiscoveredService] = []
                for uuid in filter { found += try await host.discoverPrimaryServices(on: link, uuid: uuid) }
                return found
            }
        ) { [self] result in
            if servicesGeneration != generation, state == .connected {
                guard restarts < Self.maximumDiscoveryRestarts else {
                    let reason =
                        "the peripheral sent Service Changed during each of \(restarts + 1) service discoveries"
                    delegate?.peripheral(self, didDiscoverServices: CBError(reporting: .unknown, reason: reason))
                    return
                }
                runServiceDiscovery(serviceUUIDs, restarts: restarts + 1)
                return
            }
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
            switch result.ifStill(known: service, in: self, while: "its discovery") {
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
                    merged.append(knownService(spanning: included.handleRange) ?? makeService(discovered))
                }
                service.refer(toIncluded: sortedByHandle(merged))
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
            switch result.ifStill(known: service, in: self, while: "its discovery") {
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
            switch result.ifStill(known: characteristic.service, in: self, while: "its discovery") {
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

    /// The peer's Service Changed indication: drops every known service (primary, or found through an include)
    /// whose handles overlap `range`, and everything discovered in it, then tells the delegate which ones went;
    /// none when services were only added. Services that stay lose their includes of those that went, so no path
    /// through the tree leads to a service whose handles are gone.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.1.
    func servicesChanged(in range: ClosedRange<AttributeHandle>) {
        guard state == .connected else { return }
        servicesGeneration += 1
        let known = knownServices()
        let invalidated = known.filter { serviceRanges[ObjectIdentifier($0)]?.handleRange.overlaps(range) ?? false }
        for service in invalidated { forget(service) }
        for service in known where serviceRanges[ObjectIdentifier(service)] != nil {
            if let included = service.includedServices {
                service.refer(toIncluded: included.filter { serviceRanges[ObjectIdentifier($0)] != nil })
            }
        }
        services = services?.filter { serviceRanges[ObjectIdentifier($0)] != nil }
        delegate?.peripheral(self, didModifyServices: sortedByHandle(invalidated))
    }

    /// The characteristic whose value lies at `handle`, among those discovered, in included services too.
    func characteristic(valueHandle handle: AttributeHandle) -> CBCharacteristic? {
        for service in knownServices() {
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
        foundServices[ObjectIdentifier(service)] = service
        return service
    }

    /// The service already known (a primary one, or one found through an include, at any depth) whose handles are
    /// `range`: an include that names it gets that object, so a service including itself, or two including each
    /// other, make a cycle of known objects instead of a new service at every turn.
    private func knownService(spanning range: ClosedRange<AttributeHandle>) -> CBService? {
        knownServices().first { serviceRanges[ObjectIdentifier($0)]?.handleRange == range }
    }

    /// Every service reachable from ``services`` through includes, each once, however the includes loop.
    private func knownServices() -> [CBService] {
        var found: [CBService] = []
        var visited = Set<ObjectIdentifier>()
        var pending = services ?? []
        while let service = pending.popLast() {
            guard visited.insert(ObjectIdentifier(service)).inserted else { continue }
            found.append(service)
            pending += service.includedServices ?? []
        }
        return found
    }

    private func sortedByHandle(_ services: [CBService]) -> [CBService] {
        services.sorted {
            (serviceRanges[ObjectIdentifier($0)]?.handleRange.lowerBound.rawValue ?? 0)
                < (serviceRanges[ObjectIdentifier($1)]?.handleRange.lowerBound.rawValue ?? 0)
        }
    }

    private func forget(_ service: CBService) {
        serviceRanges[ObjectIdentifier(service)] = nil
        foundServices[ObjectIdentifier(service)] = nil
        for characteristic in service.characteristics ?? [] {
            characteristicDeclarations[ObjectIdentifier(characteristic)] = nil
            for descriptor in characteristic.descriptors ?? [] { descriptorHandles[ObjectIdentifier(descriptor)] = nil }
        }
    }
}
