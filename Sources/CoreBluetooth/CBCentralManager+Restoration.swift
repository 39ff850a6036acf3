extension CBCentralManager {
    /// The dictionary `centralManager(_:willRestoreState:)` gets for saved state: the peripherals (disconnected,
    /// as connections do not outlive their process), and the scan's services and options.
    func restoredState(_ saved: CentralRestorationState) -> [String: Any] {
        var state: [String: Any] = [:]
        let restored = saved.peripherals.compactMap { identifier -> CBPeripheral? in
            guard let (address, type) = PeripheralIdentifier.address(of: identifier) else { return nil }
            return peripheral(address: address, type: type)
        }
        if !restored.isEmpty { state[CBCentralManagerRestoredStatePeripheralsKey] = restored }
        if let services = saved.scanServices {
            state[CBCentralManagerRestoredStateScanServicesKey] = services.map { CBUUID(string: $0) }
            var options: [String: Any] = [
                CBCentralManagerScanOptionAllowDuplicatesKey: NSNumber(value: saved.allowsDuplicates)
            ]
            if !saved.solicitedServices.isEmpty {
                options[CBCentralManagerScanOptionSolicitedServiceUUIDsKey] =
                    saved.solicitedServices.map { CBUUID(string: $0) }
            }
            state[CBCentralManagerRestoredStateScanOptionsKey] = options
        }
        return state
    }

    /// Saves the scan and the peripherals connected or being connected, when the manager has a restore identifier.
    func saveRestorationState() {
        guard let restoration else { return }
        let active = peripherals.live.filter { $0.state == .connecting || $0.state == .connected }
        restoration.save(
            CentralRestorationState(
                scanServices: scan.map { $0.serviceUUIDs.map(\.uuidString) },
                allowsDuplicates: scan?.allowsDuplicates ?? false,
                solicitedServices: scan?.solicitedUUIDs.map(\.uuidString) ?? [],
                peripherals: active.map(\.identifier).sorted { $0.uuidString < $1.uuidString }))
    }
}
