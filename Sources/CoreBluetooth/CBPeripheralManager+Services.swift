import Foundation
import Host

/// A service the app gave to a peripheral manager's `add(_:)`: its name in the host's database and, once the host
/// has published it, where it landed.
struct PublishedService {
    /// The app's service.
    let service: CBMutableService
    /// The ID its definition carries, by which other services include it and the host finds it.
    let id: ServiceDefinition.ID
    /// Where the host put it; nil until published.
    var layout: ServiceLayout?
}

extension CBPeripheralManager {
    /// Carries out ``add(_:)``; when not `announcing` (a service restored), the delegate hears nothing.
    func publish(_ service: CBMutableService, announcing: Bool = true) {
        confined {
            guard acceptsCommands() else { return }
            let characteristics = Self.checkPublishable(service, among: publishingOrder).map(Self.definition(of:))
            let includes = (service.includedServices ?? []).compactMap { included in
                published[ObjectIdentifier(included)].map { ServiceDefinition.Reference.id($0.id) }
            }
            nextServiceNumber += 1
            let id = ServiceDefinition.ID(rawValue: "CBMutableService-\(nextServiceNumber)")
            let key = ObjectIdentifier(service)
            published[key] = PublishedService(service: service, id: id, layout: nil)
            publishingOrder.append(service)
            if Self.reservedServiceUUIDs.contains(service.uuid) {
                afterPendingOperations {
                    self.finishAdding(
                        key, result: .failure(CBError(reporting: .uuidNotAllowed)), announcing: announcing)
                }
                return
            }
            let definition = ServiceDefinition(
                id: id, uuid: service.uuid.bluetoothUUID, isPrimary: service.isPrimary, includedServices: includes,
                characteristics: characteristics)
            submit { host in
                let result: Result<ServiceLayout, CBError>
                do {
                    result = .success(try await host.addService(definition))
                } catch {
                    self.report("service \(definition.uuid) not published: \(error)")
                    result = .failure(CBError(reporting: .invalidParameters))
                }
                self.queue.async { self.finishAdding(key, result: result, announcing: announcing) }
            }
        }
    }

    /// Carries out ``remove(_:)``.
    func withdraw(_ service: CBMutableService) {
        confined {
            guard acceptsCommands(), let entry = published[ObjectIdentifier(service)] else { return }
            let includers = publishingOrder.filter { other in
                other !== service && (other.includedServices ?? []).contains { $0 === service }
            }
            precondition(
                includers.isEmpty, "Cannot remove a service that is still included by one or more published services")
            withdraw(entry)
        }
    }

    /// Carries out ``removeAllServices()``.
    func withdrawAll() {
        confined {
            guard acceptsCommands() else { return }
            for service in publishingOrder.reversed() {
                if let entry = published[ObjectIdentifier(service)] { withdraw(entry) }
            }
        }
    }

    /// The service UUIDs the host's own GAP and GATT services take, which apps may not publish.
    static let reservedServiceUUIDs: Set<CBUUID> = [
        CBUUID(string: "1800"), CBUUID(string: "1801"),
    ]

    /// The host's description of a characteristic: the same property and permission bits, a static value when
    /// it has a cached one, its descriptors' values as bytes, and Reliable Write announced for `.extendedProperties`.
    static func definition(of characteristic: CBMutableCharacteristic) -> CharacteristicDefinition {
        CharacteristicDefinition(
            uuid: characteristic.uuid.bluetoothUUID,
            properties: CharacteristicProperties(
                rawValue: UInt16(truncatingIfNeeded: characteristic.properties.rawValue)),
            permissions: AttributePermissions(rawValue: UInt8(truncatingIfNeeded: characteristic.permissions.rawValue)),
            value: characteristic.value.map { .static(Array($0)) } ?? .dynamic,
            descriptors: (characteristic.descriptors ?? []).map { descriptor in
                DescriptorDefinition(
                    uuid: descriptor.uuid.bluetoothUUID, permissions: .readable,
                    value: .static(descriptorBytes(descriptor.value)))
            },
            extendedProperties: characteristic.announcedExtendedProperties)
    }

    /// A descriptor value as bytes: a `String` in UTF-8, `Data` as it is, a number as a little-endian integer.
    static func descriptorBytes(_ value: Any?) -> [UInt8] {
        switch value {
        case let text as String:
            Array(text.utf8)
        case let data as Data:
            Array(data)
        case let number as NSNumber:
            withUnsafeBytes(of: number.uint16Value.littleEndian) { Array($0) }
        default:
            []
        }
    }

    /// The service's characteristics, once checked as Apple's `add(_:)` checks them: it stops the program when the
    /// service is among `published`, includes a service that is not, or holds a characteristic that is not a
    /// `CBMutableCharacteristic`, is published already, or has a cached value that is not read-only.
    static func checkPublishable(
        _ service: CBMutableService, among published: [CBMutableService]
    ) -> [CBMutableCharacteristic] {
        precondition(!published.contains { $0 === service }, "Services cannot be added more than once")
        for included in service.includedServices ?? [] {
            precondition(
                published.contains { $0 === included },
                "Included services must be published before the service(s) that reference them")
        }
        return (service.characteristics ?? []).map { characteristic in
            guard let mutable = characteristic as? CBMutableCharacteristic else {
                preconditionFailure("Only CBMutableCharacteristic can be published")
            }
            precondition(
                !published.contains { ($0.characteristics ?? []).contains { $0 === mutable } },
                "Characteristics cannot be added more than once")
            precondition(mutable.hasReadOnlyCachedValue, CBMutableCharacteristic.cachedValueRuleMessage)
            return mutable
        }
    }

    private func finishAdding(_ key: ObjectIdentifier, result: Result<ServiceLayout, CBError>, announcing: Bool) {
        guard let entry = published[key] else { return }
        switch result {
        case .success(let layout):
            published[key]?.layout = layout
            let characteristics = (entry.service.characteristics ?? []).compactMap { $0 as? CBMutableCharacteristic }
            for (characteristic, placed) in zip(characteristics, layout.characteristics) {
                characteristicsByHandle[placed.valueHandle] = characteristic
            }
            guard announcing else { return }
            saveRestorationState()
            delegate?.peripheralManager(self, didAdd: entry.service, error: nil)
        case .failure(let error):
            published[key] = nil
            publishingOrder.removeAll { $0 === entry.service }
            guard announcing else {
                report("restored service \(entry.service.uuid) not published again: \(error)")
                return
            }
            delegate?.peripheralManager(self, didAdd: entry.service, error: error)
        }
    }

    private func withdraw(_ entry: PublishedService) {
        published[ObjectIdentifier(entry.service)] = nil
        publishingOrder.removeAll { $0 === entry.service }
        for placed in entry.layout?.characteristics ?? [] {
            characteristicsByHandle[placed.valueHandle] = nil
        }
        saveRestorationState()
        let id = entry.id
        submit { host in
            guard let layout = await host.database.services.first(where: { $0.id == id }) else { return }
            do {
                try await host.removeService(at: layout.handles.lowerBound)
            } catch {
                self.report("service \(layout.uuid) not removed: \(error)")
            }
        }
    }

    /// The value handle of a published characteristic.
    func valueHandle(of characteristic: CBCharacteristic) -> AttributeHandle? {
        characteristicsByHandle.first { $0.value === characteristic }?.key
    }
}
