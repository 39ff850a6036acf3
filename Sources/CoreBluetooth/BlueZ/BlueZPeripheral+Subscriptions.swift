import BlueZ

/// Subscriptions and updates on bluetoothd.
///
/// bluetoothd calls `StartNotify` each time a central enables notifications or indications, but `StopNotify` only
/// when the last one disables them, and neither names the central: a `StartNotify` subscribes the first connected
/// central not yet subscribed to the characteristic, `StopNotify` unsubscribes every subscriber, and a central that
/// disconnects is unsubscribed from everything.
extension BlueZPeripheral {
    /// A central enabled notifications or indications of the characteristic at `path`.
    func subscribe(_ path: String) {
        guard let manager, let characteristic = characteristics[path] else { return }
        let subscribed = characteristic.subscribedCentrals ?? []
        let connected = client.devices.filter(\.isConnected).map(\.path).sorted()
        guard let device = connected.first(where: { path in !subscribed.contains { $0 === centrals[path] } }) else {
            return
        }
        let central = central(at: device, mtu: nil)
        if characteristic.addSubscriber(central) {
            manager.delegate?.peripheralManager(manager, central: central, didSubscribeTo: characteristic)
        }
    }

    /// The last central disabled notifications or indications of the characteristic at `path`.
    func unsubscribeAll(_ path: String) {
        guard let characteristic = characteristics[path] else { return }
        for central in characteristic.subscribedCentrals ?? [] { unsubscribe(central, from: characteristic) }
    }

    /// A central disconnected: its subscriptions end and its requests are forgotten.
    func centralDisconnected(_ path: String) {
        guard let central = centrals[path] else { return }
        for characteristic in characteristics.values.sorted(by: { ($0.uuid.uuidString) < ($1.uuid.uuidString) }) {
            unsubscribe(central, from: characteristic)
        }
        pending = pending.filter { $0.value.request.central !== central }
        central.mtu = 23
    }

    private func unsubscribe(_ central: CBCentral, from characteristic: CBMutableCharacteristic) {
        guard let manager, characteristic.removeSubscriber(central) else { return }
        manager.delegate?.peripheralManager(manager, central: central, didUnsubscribeFrom: characteristic)
    }

    /// Sends a new value to the characteristic's subscribers through a `PropertiesChanged` of its `Value`:
    /// bluetoothd notifies or indicates every subscribed central (it cannot address some of them only). False,
    /// sending nothing, when bluetoothd has not yet taken the values sent before (see ``BlueZUpdateFlow``).
    func update(
        _ value: Data, for characteristic: CBMutableCharacteristic, onSubscribedCentrals centrals: [CBCentral]?
    )
        -> Bool
    {
        guard let path = path(of: characteristic) else {
            manager?.report("API MISUSE: \(characteristic) is not published")
            return false
        }
        let subscribers = characteristic.subscribedCentrals ?? []
        guard subscribers.contains(where: { subscriber in centrals?.contains { $0 === subscriber } ?? true }) else {
            return true
        }
        let (accepted, startRoundTrip) = updates.take()
        guard accepted else { return false }
        client.sendValue(Array(value), ofCharacteristic: path)
        if startRoundTrip { awaitRoundTrip() }
        return true
    }

    private func awaitRoundTrip() {
        Task { [client, queue] in
            await client.roundTrip()
            queue.async { [self] in
                let (ready, again) = updates.roundTripEnded()
                if again { awaitRoundTrip() }
                if ready, let manager { manager.delegate?.peripheralManagerIsReady(toUpdateSubscribers: manager) }
            }
        }
    }
}
