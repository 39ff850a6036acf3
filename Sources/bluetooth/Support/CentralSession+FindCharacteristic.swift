import CoreBluetooth
import Foundation

extension CentralSession {
    /// Discovers the services of a connected peripheral and their characteristics until one has `uuid`; returns
    /// the index path of that characteristic.
    func findCharacteristic(_ uuid: CBUUID, in peripheral: CBPeripheral) async throws -> CharacteristicPath {
        queue.sync { peripheral.discoverServices(nil) }
        if let error = try await next({ event -> CentralEvent.Failure?? in
            if case .servicesDiscovered(let error) = event { return .some(error) }
            return nil
        }) {
            throw CommandFailure("service discovery failed: \(error)")
        }
        let serviceCount = queue.sync { peripheral.services?.count ?? 0 }
        for serviceIndex in 0..<serviceCount {
            let started = queue.sync { () -> Bool in
                guard let service = peripheral.services?[safe: serviceIndex] else { return false }
                peripheral.discoverCharacteristics(nil, for: service)
                return true
            }
            guard started else { continue }
            if let error = try await next({ event -> CentralEvent.Failure?? in
                if case .characteristicsDiscovered(let error) = event { return .some(error) }
                return nil
            }) {
                throw CommandFailure("service discovery failed: \(error)")
            }
            let found = queue.sync {
                peripheral.services?[safe: serviceIndex]?.characteristics?.firstIndex { $0.uuid == uuid }
            }
            if let found { return CharacteristicPath(service: serviceIndex, characteristic: found) }
        }
        throw CommandFailure("no characteristic \(uuid.uuidString) on \(peripheral.identifier.uuidString)")
    }
}
