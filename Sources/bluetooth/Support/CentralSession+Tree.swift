import CoreBluetooth
import Foundation

extension CentralSession {
    /// Discovers every service of a connected peripheral, the services each includes (at any depth, so secondary
    /// services too), every characteristic and every descriptor; with `progress`, says "service N/M" for each
    /// service once all of them are known.
    func discoverTree(of peripheral: CBPeripheral, _ progress: Progress? = nil) async throws {
        queue.sync { peripheral.discoverServices(nil) }
        if let error = try await next({ event -> CentralEvent.Failure?? in
            if case .servicesDiscovered(let error) = event { return .some(error) }
            return nil
        }) {
            throw CommandFailure("service discovery failed: \(error)")
        }
        // Each service's includes add the services they name to the list, whose end this loop then reaches.
        var serviceIndex = 0
        while serviceIndex < queue.sync(execute: { AttributeTree.allServices(of: peripheral).count }) {
            let index = serviceIndex
            serviceIndex += 1
            try await discover(.includedServicesDiscovered(nil), in: peripheral) { peripheral in
                guard let service = AttributeTree.allServices(of: peripheral)[safe: index] else { return false }
                peripheral.discoverIncludedServices(nil, for: service)
                return true
            }
        }
        let serviceCount = serviceIndex
        for index in 0..<serviceCount {
            progress?.say("service \(index + 1)/\(serviceCount)")
            let service = { (peripheral: CBPeripheral) in AttributeTree.allServices(of: peripheral)[safe: index] }
            try await discover(.characteristicsDiscovered(nil), in: peripheral) { peripheral in
                guard let service = service(peripheral) else { return false }
                peripheral.discoverCharacteristics(nil, for: service)
                return true
            }
            let characteristicCount = queue.sync { service(peripheral)?.characteristics?.count ?? 0 }
            for characteristicIndex in 0..<characteristicCount {
                try await discover(.descriptorsDiscovered(nil), in: peripheral) { peripheral in
                    guard let characteristic = service(peripheral)?.characteristics?[safe: characteristicIndex] else {
                        return false
                    }
                    peripheral.discoverDescriptors(for: characteristic)
                    return true
                }
            }
        }
    }

    /// Discovers the peripheral's tree and finds the attribute `address` names in it; when the address fits several,
    /// says on standard error which one it took and which others there are.
    func locate(
        _ address: AttributeAddress, in peripheral: CBPeripheral, _ progress: Progress
    ) async throws -> AttributeLocation {
        try await discoverTree(of: peripheral)
        let resolution = try queue.sync { try AttributeTree(peripheral).resolve(address) }
        if !resolution.others.isEmpty {
            progress.say(
                "note: \(address) fits \(resolution.others.count + 1) attributes; using \(resolution.location.name), "
                    + "not \(resolution.others.joined(separator: ", "))")
        }
        return resolution.location
    }

    /// Starts one discovery with `start` and waits for the event of the same kind as `kind`; `start` returns
    /// false when what it would discover in is gone, the peripheral having disconnected.
    private func discover(
        _ kind: CentralEvent, in peripheral: CBPeripheral, _ start: (CBPeripheral) -> Bool
    ) async throws {
        guard queue.sync(execute: { start(peripheral) }) else {
            throw CommandFailure("discovery failed: the peripheral disconnected")
        }
        let error = try await next { event -> CentralEvent.Failure?? in
            switch (kind, event) {
            case (.includedServicesDiscovered, .includedServicesDiscovered(let error)),
                (.characteristicsDiscovered, .characteristicsDiscovered(let error)),
                (.descriptorsDiscovered, .descriptorsDiscovered(let error)):
                return .some(error)
            default: return nil
            }
        }
        if let error { throw CommandFailure("discovery failed: \(error)") }
    }
}
