/// The objects that stand for published services on the bus: one `GattService1` per service under the
/// application's root, a `GattCharacteristic1` under it per characteristic, a `GattDescriptor1` under that per
/// descriptor (`ROOT/service0/char1/desc0`), with the properties bluetoothd reads from `GetManagedObjects`.
struct BlueZGattApplication: Equatable, Sendable {
    /// The object path bluetoothd is given in `RegisterApplication`.
    let root: String
    /// The services, in the order bluetoothd adds them.
    let services: [BlueZLocalService]

    func servicePath(_ service: Int) -> String {
        root + "/service\(service)"
    }

    func characteristicPath(_ service: Int, _ characteristic: Int) -> String {
        servicePath(service) + "/char\(characteristic)"
    }

    /// The object path of every characteristic, by service.
    var characteristicPaths: [[String]] {
        services.indices.map { service in
            services[service].characteristics.indices.map { characteristicPath(service, $0) }
        }
    }

    /// Every object with its interfaces' properties, by path.
    var objects: [String: [String: [String: DBusValue]]] {
        var objects: [String: [String: [String: DBusValue]]] = [:]
        for (serviceIndex, service) in services.enumerated() {
            let servicePath = servicePath(serviceIndex)
            objects[servicePath] = [
                BlueZGattTree.serviceInterface: [
                    "UUID": .string(service.uuid), "Primary": .boolean(service.isPrimary),
                    "Includes": .array(
                        element: "o",
                        service.includes.filter(services.indices.contains).map { .objectPath(self.servicePath($0)) }),
                ]
            ]
            for (index, characteristic) in service.characteristics.enumerated() {
                let path = characteristicPath(serviceIndex, index)
                var properties: [String: DBusValue] = [
                    "UUID": .string(characteristic.uuid), "Service": .objectPath(servicePath),
                    "Flags": .array(element: "s", characteristic.flags.map(DBusValue.string)),
                ]
                // Offers AcquireWrite (its presence is the offer; bluetoothd never reads its value).
                if characteristic.flags.contains("write-without-response") {
                    properties[BlueZAcquire.write.property] = .boolean(false)
                }
                objects[path] = [BlueZGattTree.characteristicInterface: properties]
                for (descriptorIndex, descriptor) in characteristic.descriptors.enumerated() {
                    objects[path + "/desc\(descriptorIndex)"] = [
                        BlueZGattTree.descriptorInterface: [
                            "UUID": .string(descriptor.uuid), "Characteristic": .objectPath(path),
                            "Flags": .array(element: "s", descriptor.flags.map(DBusValue.string)),
                        ]
                    ]
                }
            }
        }
        return objects
    }

    /// The values reads are answered with without the app: cached characteristic values and every descriptor's, by
    /// object path.
    var fixedValues: [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        for (serviceIndex, service) in services.enumerated() {
            for (index, characteristic) in service.characteristics.enumerated() {
                let path = characteristicPath(serviceIndex, index)
                values[path] = characteristic.staticValue
                for (descriptorIndex, descriptor) in characteristic.descriptors.enumerated() {
                    values[path + "/desc\(descriptorIndex)"] = descriptor.value
                }
            }
        }
        return values
    }
}
