import CoreBluetooth
import Testing

extension CentralDelegateStream {
    /// Waits for `manager` to power on, scans (for `services`, or for every advertiser) until one named `name`
    /// shows, and connects to it with this delegate as the peripheral's; returns it connected.
    func connect(
        to name: String, with manager: CBCentralManager, services: [CBUUID]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CBPeripheral {
        let state = try await next(sourceLocation: sourceLocation) { event -> CBManagerState? in
            if case .state(let state) = event { return state }
            return nil
        }
        try #require(state == .poweredOn, sourceLocation: sourceLocation)
        queue.sync { manager.scanForPeripherals(withServices: services) }
        let peripheral = try await next(sourceLocation: sourceLocation) { event -> CBPeripheral? in
            if case .discovered(let peripheral, name) = event { return peripheral }
            return nil
        }
        queue.sync {
            manager.stopScan()
            peripheral.delegate = self
            manager.connect(peripheral)
        }
        let failure = try await next(sourceLocation: sourceLocation) { event -> String?? in
            if case .connected = event { return .some(nil) }
            if case .failedToConnect(let error) = event { return .some(error) }
            return nil
        }
        try #require(failure == nil, "connection to \(name) failed: \(failure ?? "")", sourceLocation: sourceLocation)
        return peripheral
    }
}
