/// What bluetoothd offers no D-Bus API for, on the peripheral side.
extension BlueZPeripheral {
    /// bluetoothd has no LE credit-based channel server over D-Bus:
    /// `peripheralManager(_:didPublishL2CAPChannel:error:)` with PSM 0 and `CBError.operationNotSupported`.
    func publishL2CAPChannel() {
        worker.enqueue { [self, queue] in
            queue.async {
                guard let manager = self.manager else { return }
                manager.delegate?.peripheralManager(
                    manager, didPublishL2CAPChannel: 0, error: CBError(reporting: .operationNotSupported))
            }
        }
    }

    /// No channel was published: `peripheralManager(_:didUnpublishL2CAPChannel:error:)` with
    /// `CBError.operationNotSupported`.
    func unpublishL2CAPChannel(_ PSM: CBL2CAPPSM) {
        worker.enqueue { [self, queue] in
            queue.async {
                guard let manager = self.manager else { return }
                manager.delegate?.peripheralManager(
                    manager, didUnpublishL2CAPChannel: PSM, error: CBError(reporting: .operationNotSupported))
            }
        }
    }

    /// bluetoothd lets no application ask for connection parameters: logged and ignored.
    func requestLatency(for central: CBCentral) {
        manager?.report("setDesiredConnectionLatency is not supported on bluetoothd; ignored for \(central)")
    }
}
