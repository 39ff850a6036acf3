import CoreBluetooth
import Foundation

extension GATTFile {
    /// The services as CoreBluetooth objects to publish in this order: included services are resolved to the
    /// objects made before them, static values are cached, and descriptors carry Apple's value types
    /// (`String` for the User Description, `Data` otherwise).
    package func makeServices() -> [CBMutableService] {
        var made: [CBMutableService] = []
        for service in services {
            let mutable = CBMutableService(type: service.uuid, primary: service.isPrimary)
            if !service.includes.isEmpty {
                mutable.includedServices = service.includes.compactMap { uuid in made.first { $0.uuid == uuid } }
            }
            if !service.characteristics.isEmpty {
                mutable.characteristics = service.characteristics.map { $0.makeCharacteristic() }
            }
            made.append(mutable)
        }
        return made
    }

    /// The manager options that make the peripheral serve the file's name as its GAP Device Name and its
    /// appearance, when the file gives them.
    package func deviceOptions() -> [String: Any] {
        var options: [String: Any] = [:]
        if let name { options[CBManagerOptionDeviceNameKey] = name }
        if let appearance { options[CBManagerOptionAppearanceKey] = Int(appearance) }
        return options
    }

    /// The local name advertised: the file's `name`, else the machine's host name, which the manager also serves as
    /// the GAP Device Name.
    package var advertisedName: String { name ?? LocalDeviceName.hostName }

    /// What to pass to `startAdvertising(_:)`: the local name and the service UUIDs the file gives.
    package func advertisementData() -> [String: Any] {
        var data: [String: Any] = [CBAdvertisementDataLocalNameKey: advertisedName]
        if !advertisedServices.isEmpty {
            data[CBAdvertisementDataServiceUUIDsKey] = advertisedServices
        }
        return data
    }
}

extension GATTFile.Characteristic {
    /// The characteristic as a CoreBluetooth object, with its descriptors; the initial value of a dynamic
    /// characteristic is not part of it (the app answers reads with it).
    package func makeCharacteristic() -> CBMutableCharacteristic {
        let characteristic = CBMutableCharacteristic(
            type: uuid, properties: properties, value: staticValue.map { Data($0) }, permissions: permissions)
        if !descriptors.isEmpty {
            characteristic.descriptors = descriptors.map { $0.makeDescriptor() }
        }
        return characteristic
    }
}

extension GATTFile.Descriptor {
    /// The descriptor as a CoreBluetooth object: a `String` value for the User Description (2901), `Data` otherwise.
    package func makeDescriptor() -> CBMutableDescriptor {
        if uuid == CBUUID(string: CBUUIDCharacteristicUserDescriptionString) {
            return CBMutableDescriptor(type: uuid, value: String(decoding: value, as: UTF8.self))
        }
        return CBMutableDescriptor(type: uuid, value: Data(value))
    }
}
