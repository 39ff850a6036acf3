import BlueZ

/// What a central manager on bluetoothd keeps for one peripheral it is connecting or connected to: the D-Bus object
/// path of each service, characteristic and descriptor it handed the app, the notifications it waits to deliver, and
/// the sockets bluetoothd handed over for its characteristics.
///
/// Confined to the delegate queue; `@unchecked Sendable` only so that calls to bluetoothd can carry it back there.
final class BlueZLink: @unchecked Sendable {
    /// The device's object path.
    let devicePath: String
    /// The object path of each attribute object handed to the app.
    var paths: [ObjectIdentifier: String] = [:]
    /// The characteristic objects by object path, for notifications.
    var characteristics: [String: CBCharacteristic] = [:]
    /// The characteristics being read: their `Value` changes are the read's result, not notifications.
    var reading: [String: Int] = [:]
    /// Values that arrived while notifications of the characteristic were being turned on; delivered after
    /// `peripheral(_:didUpdateNotificationStateFor:error:)`.
    var held: [String: [[UInt8]]] = [:]
    /// The sockets bluetoothd offers for each characteristic, by object path (`AcquireWrite`, `AcquireNotify`).
    var acquirable: [String: Set<BlueZAcquire>] = [:]
    /// The `AcquireNotify` socket of each characteristic whose notifications come that way.
    var notifySockets: [String: BlueZValueSocket] = [:]
    /// The `AcquireWrite` channel of each characteristic written without response since the link came up.
    var writeChannels: [String: BlueZWriteChannel] = [:]

    init(devicePath: String) {
        self.devicePath = devicePath
    }

    /// Closes every socket bluetoothd handed over for this link (the link is down, or the manager is going); the
    /// object paths of the characteristics whose `AcquireNotify` socket it closed.
    @discardableResult
    func closeSockets() -> [String] {
        for channel in writeChannels.values { channel.close() }
        writeChannels = [:]
        return closeNotifySockets()
    }

    /// Closes the link's `AcquireNotify` sockets; the object paths of their characteristics.
    func closeNotifySockets() -> [String] {
        let notifying = Array(notifySockets.keys)
        for socket in notifySockets.values { socket.close() }
        notifySockets = [:]
        return notifying
    }

    /// The object path of a service, characteristic or descriptor handed to the app.
    func path(of attribute: CBAttribute) -> String? {
        paths[ObjectIdentifier(attribute)]
    }
}
