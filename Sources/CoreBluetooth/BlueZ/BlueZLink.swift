/// What a central manager on bluetoothd keeps for one peripheral it is connecting or connected to: the D-Bus object
/// path of each service, characteristic and descriptor it handed the app, and the notifications it waits to deliver.
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

    init(devicePath: String) {
        self.devicePath = devicePath
    }

    /// The object path of a service, characteristic or descriptor handed to the app.
    func path(of attribute: CBAttribute) -> String? {
        paths[ObjectIdentifier(attribute)]
    }
}
