import CoreBluetooth

/// Where a characteristic sits in a peripheral's discovered tree.
struct CharacteristicPath: Sendable {
    var service: Int
    var characteristic: Int

    /// The characteristic at this path; call on the session's queue.
    func resolve(in peripheral: CBPeripheral) throws -> CBCharacteristic {
        guard let found = peripheral.services?[safe: service]?.characteristics?[safe: characteristic] else {
            throw CommandFailure("the peripheral's services changed")
        }
        return found
    }
}
