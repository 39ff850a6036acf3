import CoreBluetooth

extension CBPeripheral {
    /// The service with this identity among those discovered and still valid; call on the delegate queue.
    func service(_ id: ObjectIdentifier) -> CBService? {
        (services ?? []).first { ObjectIdentifier($0) == id }
    }

    /// The characteristic with this identity among those discovered and still valid; call on the delegate queue.
    func characteristic(_ id: ObjectIdentifier) -> CBCharacteristic? {
        for service in services ?? [] {
            if let found = (service.characteristics ?? []).first(where: { ObjectIdentifier($0) == id }) { return found }
        }
        return nil
    }

    /// The descriptor with this identity among those discovered and still valid; call on the delegate queue.
    func descriptor(_ id: ObjectIdentifier) -> CBDescriptor? {
        for service in services ?? [] {
            for characteristic in service.characteristics ?? [] {
                if let found = (characteristic.descriptors ?? []).first(where: { ObjectIdentifier($0) == id }) {
                    return found
                }
            }
        }
        return nil
    }
}
