import Foundation

/// What a peripheral manager asks of the stack it runs on, chosen once when the manager is made: our own host stack
/// (``HostPeripheralManagerBackend``) or bluetoothd (``BlueZPeripheralManagerBackend``). Each implementation reports
/// to the delegate on the manager's queue.
protocol PeripheralManagerBackend: AnyObject {
    /// Publishes `service`; `peripheralManager(_:didAdd:error:)` follows.
    func add(_ service: CBMutableService)
    /// Withdraws a published service.
    func remove(_ service: CBMutableService)
    /// Withdraws every published service.
    func removeAll()
    /// Answers a read or write request handed to the delegate.
    func respond(to request: CBATTRequest, withResult result: CBATTError.Code)
    /// Advertises; `peripheralManagerDidStartAdvertising(_:error:)` follows.
    func startAdvertising(_ advertisementData: [String: Any]?)
    /// Stops advertising.
    func stopAdvertising()
    /// Asks `central`'s link for connection intervals fit for `latency`.
    func requestLatency(_ latency: CBPeripheralManagerConnectionLatency, for central: CBCentral)
    /// Sends a characteristic's new value to its subscribers; false when there is no room now.
    func update(
        _ value: Data, for characteristic: CBMutableCharacteristic, onSubscribedCentrals centrals: [CBCentral]?
    )
        -> Bool
    /// Publishes an L2CAP channel service; `peripheralManager(_:didPublishL2CAPChannel:error:)` follows.
    func publishL2CAPChannel(withEncryption encryptionRequired: Bool)
    /// Withdraws a published L2CAP channel service.
    func unpublishL2CAPChannel(_ psm: CBL2CAPPSM)
    /// Disconnects every connected central, then runs `done` (on any thread).
    func disconnectAllCentrals(then done: @escaping @Sendable () -> Void)
    /// Lets go of the stack: called once, when the manager goes away.
    func close()
}

/// A peripheral manager on our own host stack: each call goes to the manager's host-stack code, which runs host
/// calls in order on the manager's operation stream (the host stops when that stream ends with the manager).
final class HostPeripheralManagerBackend: PeripheralManagerBackend {
    private weak var manager: CBPeripheralManager?

    init(manager: CBPeripheralManager?) {
        self.manager = manager
    }

    func add(_ service: CBMutableService) {
        manager?.publish(service)
    }

    func remove(_ service: CBMutableService) {
        manager?.withdraw(service)
    }

    func removeAll() {
        manager?.withdrawAll()
    }

    func respond(to request: CBATTRequest, withResult result: CBATTError.Code) {
        manager?.answer(request, withResult: result)
    }

    func startAdvertising(_ advertisementData: [String: Any]?) {
        manager?.advertise(advertisementData)
    }

    func stopAdvertising() {
        manager?.endAdvertising()
    }

    func requestLatency(_ latency: CBPeripheralManagerConnectionLatency, for central: CBCentral) {
        manager?.requestLatency(latency, for: central)
    }

    func update(
        _ value: Data, for characteristic: CBMutableCharacteristic, onSubscribedCentrals centrals: [CBCentral]?
    )
        -> Bool
    {
        manager?.update(value, for: characteristic, onSubscribedCentrals: centrals) ?? false
    }

    func publishL2CAPChannel(withEncryption encryptionRequired: Bool) {
        manager?.publishChannel(withEncryption: encryptionRequired)
    }

    func unpublishL2CAPChannel(_ psm: CBL2CAPPSM) {
        manager?.unpublishChannel(psm)
    }

    func disconnectAllCentrals(then done: @escaping @Sendable () -> Void) {
        guard let manager else { return done() }
        manager.disconnectCentrals(then: done)
    }

    func close() {}
}
