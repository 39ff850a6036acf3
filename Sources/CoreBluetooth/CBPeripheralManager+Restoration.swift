import Foundation

extension CBPeripheralManager {
    /// Opens the store of the restore identifier the options name, if any, and reads the state saved there; a
    /// state with nothing in it restores nothing.
    func openRestoration(options: [String: Any]?) {
        guard let identifier = options?[CBPeripheralManagerOptionRestoreIdentifierKey] as? String else { return }
        let store = RestorationStore<PeripheralRestorationState>(
            identifier: identifier, role: .peripheral,
            directory: options?[CBManagerOptionRestoreDirectoryKey] as? String)
        restoration = store
        pendingRestoration = store.load().flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Publishes the saved services again and resumes the saved advertising, then tells the delegate what was
    /// restored in `peripheralManager(_:willRestoreState:)` and the state in `peripheralManagerDidUpdateState(_:)`.
    ///
    /// A saved tree that breaks a rule of `add(_:)` is logged and dropped; the manager starts afresh.
    func restore(_ saved: PeripheralRestorationState) {
        let services: [CBMutableService]
        let advertisementData: [String: Any]?
        do {
            services = try saved.makeServices()
            advertisementData = try saved.advertisementData()
        } catch {
            CoreBluetoothLog.warning("restoration state dropped, starting afresh: \(error)")
            saveRestorationState()
            delegate?.peripheralManagerDidUpdateState(self)
            return
        }
        for service in services { publish(service, announcing: false) }
        if let advertisementData { advertise(advertisementData, announcing: false) }
        let keys = services.map(ObjectIdentifier.init)
        afterPendingOperations {
            let restored = keys.compactMap { key in
                self.published[key].flatMap { $0.layout == nil ? nil : $0.service }
            }
            var state: [String: Any] = [:]
            if !restored.isEmpty { state[CBPeripheralManagerRestoredStateServicesKey] = restored }
            if self.advertising, let data = try? saved.advertisementData() {
                state[CBPeripheralManagerRestoredStateAdvertisementDataKey] = data
            }
            self.saveRestorationState()
            self.delegate?.peripheralManager(self, willRestoreState: state)
            self.delegate?.peripheralManagerDidUpdateState(self)
        }
    }

    /// Saves the published services and the advertising under way, when the manager has a restore identifier.
    func saveRestorationState() {
        guard let restoration else { return }
        let services = publishingOrder.filter { published[ObjectIdentifier($0)]?.layout != nil }
        restoration.save(
            PeripheralRestorationState(services: services, advertisement: advertising ? advertisement : nil))
    }
}
