import CoreBluetooth
import GATTFileFormat
import Host

extension ExploreReport {
    /// Where this report disagrees with the GATT file of the peripheral it explored, one line per difference,
    /// each starting with the file's path (`services[1].characteristics[0].value: ...`); empty when they agree.
    ///
    /// Only what the file defines is compared: the stack's own services (1800, 1801) and descriptors (2900, 2902)
    /// may be present too. A characteristic's value may be its static or initial value or one of its notified values;
    /// a value the file leaves unset, or one not read, is not compared. Of several services (or characteristics of a
    /// service) with one UUID, the n-th in the file is compared with the n-th found.
    func mismatches(against file: GATTFile) -> [String] {
        var differences: [String] = []
        for (serviceIndex, expected) in file.services.enumerated() {
            let path = "services[\(serviceIndex)]"
            let occurrence = file.services[..<serviceIndex].filter { $0.uuid == expected.uuid }.count
            guard let found = Self.nth(occurrence, of: expected.uuid, in: services, uuid: \.uuid) else {
                differences.append("\(path): service \(expected.uuid.uuidString) not found")
                continue
            }
            if found.isPrimary != expected.isPrimary {
                differences.append("\(path).primary: file says \(expected.isPrimary), explore found \(found.isPrimary)")
            }
            let includes = Set(expected.includes.compactMap { Self.uuid($0.uuidString) })
            if Set(found.includedServices.compactMap(Self.uuid)) != includes {
                differences.append(
                    "\(path).includes: file says \(expected.includes.map(\.uuidString)), "
                        + "explore found \(found.includedServices)")
            }
            for (index, characteristic) in expected.characteristics.enumerated() {
                let occurrence = expected.characteristics[..<index].filter { $0.uuid == characteristic.uuid }.count
                differences += Self.mismatches(
                    "\(path).characteristics[\(index)]", expected: characteristic,
                    found: Self.nth(occurrence, of: characteristic.uuid, in: found.characteristics, uuid: \.uuid))
            }
        }
        return differences
    }

    private static func mismatches(
        _ path: String, expected: GATTFile.Characteristic, found: Characteristic?
    ) -> [String] {
        guard let found else {
            return ["\(path): characteristic \(expected.uuid.uuidString) not found"]
        }
        var differences: [String] = []
        var wire = expected.properties.intersection(CBCharacteristicProperties(rawValue: 0xFF))
        if expected.properties.contains(.notifyEncryptionRequired) { wire.insert(.notify) }
        if expected.properties.contains(.indicateEncryptionRequired) { wire.insert(.indicate) }
        if Set(found.properties) != Set(wire.names) {
            differences.append("\(path).properties: file says \(wire.names), explore found \(found.properties)")
        }
        if let value = expected.staticValue ?? expected.initialValue {
            let allowed = [value] + (expected.notify?.values ?? [])
            if let read = found.value, !allowed.contains(read) {
                let (file, explored) = (AttributeValueText.hex(value), AttributeValueText.hex(read))
                differences.append("\(path).value: file says \(file), explore found \(explored)")
            } else if found.value == nil, expected.properties.contains(.read), expected.permissions.contains(.readable)
            {
                differences.append(
                    "\(path).value: file says \(AttributeValueText.hex(value)), explore read nothing"
                        + (found.error.map { " (\($0))" } ?? ""))
            }
        }
        for (index, descriptor) in expected.descriptors.enumerated() {
            let descriptorPath = "\(path).descriptors[\(index)]"
            guard let foundDescriptor = found.descriptors.first(where: { same($0.uuid, descriptor.uuid) }) else {
                differences.append("\(descriptorPath): descriptor \(descriptor.uuid.uuidString) not found")
                continue
            }
            if foundDescriptor.value != descriptor.value {
                differences.append(
                    "\(descriptorPath).value: file says \(AttributeValueText.hex(descriptor.value)), explore found "
                        + (foundDescriptor.value.map { AttributeValueText.hex($0) } ?? "nothing"))
            }
        }
        return differences
    }

    /// The element after the first `occurrence` elements with `wanted` as their UUID, if there is one.
    private static func nth<Element>(
        _ occurrence: Int, of wanted: CBUUID, in elements: [Element], uuid: (Element) -> String
    ) -> Element? {
        elements.filter { same(uuid($0), wanted) }.dropFirst(occurrence).first
    }

    private static func uuid(_ text: String) -> BluetoothUUID? {
        BluetoothUUID(string: text)
    }

    private static func same(_ text: String, _ uuid: CBUUID) -> Bool {
        Self.uuid(text) == Self.uuid(uuid.uuidString)
    }
}
