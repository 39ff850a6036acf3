import CoreBluetooth

/// Where a characteristic or descriptor sits in a peripheral's discovered tree (indices in ``AttributeTree``'s
/// order), and its name as an address writes it (`180F/2A19`, `1809/2A21/2901`).
struct AttributeLocation: Sendable {
    var name: String
    /// The attribute's own UUID, as CBUUID prints it.
    var uuid: String
    var service: Int
    var characteristic: Int
    /// The descriptor's index among its characteristic's, or nil for the characteristic itself.
    var descriptor: Int?

    /// The characteristic at this location, or the one whose descriptor is here; call on the session's queue.
    func characteristic(in peripheral: CBPeripheral) throws -> CBCharacteristic {
        guard
            let found = AttributeTree.allServices(of: peripheral)[safe: service]?.characteristics?[safe: characteristic]
        else {
            throw CommandFailure("the peripheral's services changed")
        }
        return found
    }

    /// The descriptor at this location, or nil when it is a characteristic's; call on the session's queue.
    func descriptor(in peripheral: CBPeripheral) throws -> CBDescriptor? {
        guard let descriptor else { return nil }
        guard let found = try characteristic(in: peripheral).descriptors?[safe: descriptor] else {
            throw CommandFailure("the peripheral's services changed")
        }
        return found
    }
}
