import CoreBluetooth

/// A peripheral's discovered characteristics and descriptors, each with the name an ``AttributeAddress`` gives it,
/// in the order explore lists them: every service reachable from the primary ones (each followed by the services it
/// includes, so secondary services are there too), its characteristics, their descriptors. Build and use it on the
/// session's queue.
struct AttributeTree {
    /// One characteristic or descriptor: where it is, the UUIDs and instance numbers of its path, its handles.
    struct Entry {
        var location: AttributeLocation
        /// The service's, the characteristic's and (for a descriptor) the descriptor's UUID.
        var uuids: [CBUUID]
        /// For each of `uuids`, which instance of that UUID it is among its siblings (1-based).
        var instances: [Int]
        /// For a characteristic, which instance of its UUID it is in the whole tree.
        var treeInstance: Int
        /// A descriptor's handle, or a characteristic's value and declaration handles, when known.
        var handles: [UInt16]
    }

    /// The characteristics, each followed by its descriptors.
    let entries: [Entry]

    /// The tree of `peripheral` as discovered so far.
    init(_ peripheral: CBPeripheral) {
        let services = Self.allServices(of: peripheral)
        var entries: [Entry] = []
        var treeCounts: [CBUUID: Int] = [:]
        for (serviceIndex, service) in services.enumerated() {
            let serviceInstance = Self.instance(of: serviceIndex, in: services)
            let serviceRepeats = services.filter { $0.uuid == service.uuid }.count > 1
            let characteristics = service.characteristics ?? []
            for (characteristicIndex, characteristic) in characteristics.enumerated() {
                treeCounts[characteristic.uuid, default: 0] += 1
                let characteristicInstance = Self.instance(of: characteristicIndex, in: characteristics)
                let segments = [
                    Self.name(service.uuid, serviceInstance, repeated: serviceRepeats),
                    Self.name(
                        characteristic.uuid, characteristicInstance,
                        repeated: characteristics.filter { $0.uuid == characteristic.uuid }.count > 1),
                ]
                entries.append(
                    Entry(
                        location: AttributeLocation(
                            name: segments.joined(separator: "/"), uuid: characteristic.uuid.uuidString,
                            service: serviceIndex,
                            characteristic: characteristicIndex, descriptor: nil),
                        uuids: [service.uuid, characteristic.uuid],
                        instances: [serviceInstance, characteristicInstance],
                        treeInstance: treeCounts[characteristic.uuid, default: 1],
                        handles: [
                            peripheral.valueHandle(of: characteristic),
                            peripheral.declarationHandle(of: characteristic),
                        ]
                        .compactMap { $0 }))
                let descriptors = characteristic.descriptors ?? []
                for (descriptorIndex, descriptor) in descriptors.enumerated() {
                    let descriptorInstance = Self.instance(of: descriptorIndex, in: descriptors)
                    let name = Self.name(
                        descriptor.uuid, descriptorInstance,
                        repeated: descriptors.filter { $0.uuid == descriptor.uuid }.count > 1)
                    entries.append(
                        Entry(
                            location: AttributeLocation(
                                name: (segments + [name]).joined(separator: "/"), uuid: descriptor.uuid.uuidString,
                                service: serviceIndex,
                                characteristic: characteristicIndex, descriptor: descriptorIndex),
                            uuids: [service.uuid, characteristic.uuid, descriptor.uuid],
                            instances: [serviceInstance, characteristicInstance, descriptorInstance],
                            treeInstance: treeCounts[characteristic.uuid, default: 1],
                            handles: [peripheral.handle(of: descriptor)].compactMap { $0 }))
                }
            }
        }
        self.entries = entries
    }

    /// The peripheral's services and, after each, the services it includes that are not listed yet (secondary
    /// services are found only through includes).
    static func allServices(of peripheral: CBPeripheral) -> [CBService] {
        var all: [CBService] = []
        func add(_ service: CBService) {
            guard !all.contains(where: { $0 === service }) else { return }
            all.append(service)
            for included in service.includedServices ?? [] {
                add(included)
            }
        }
        for service in peripheral.services ?? [] {
            add(service)
        }
        return all
    }

    /// Which instance of its UUID the attribute at `index` is among `siblings` (1-based).
    private static func instance(of index: Int, in siblings: [CBAttribute]) -> Int {
        let uuid = siblings[index].uuid
        return siblings[...index].filter { $0.uuid == uuid }.count
    }

    private static func name(_ uuid: CBUUID, _ instance: Int, repeated: Bool) -> String {
        repeated ? "\(uuid.uuidString)#\(instance)" : uuid.uuidString
    }
}
