/// What a central manager tells its delegate: state changes, discoveries, connections and disconnections.
///
/// Every method but ``centralManagerDidUpdateState(_:)`` is optional on Apple platforms; here each has an
/// empty default implementation, so apps implement only those they need.
public protocol CBCentralManagerDelegate: NSObjectProtocol {
    /// The manager's state changed; the first call a manager makes.
    func centralManagerDidUpdateState(_ central: CBCentralManager)
    /// The manager is being restored with the state saved under its restore identifier.
    func centralManager(_ central: CBCentralManager, willRestoreState dict: [String: Any])
    /// A scan found a peripheral, with its advertisement data and the received signal strength in dBm.
    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber)
    /// A connection to the peripheral came up.
    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral)
    /// A connection attempt failed.
    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?)
    /// A connection went down; the error is nil when the app cancelled it.
    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?)
    /// A connection went down, with when it happened and whether the system reconnects by itself; called only
    /// when the delegate does not implement `centralManager(_:didDisconnectPeripheral:error:)`.
    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, timestamp: CFAbsoluteTime,
        isReconnecting: Bool, error: (any Error)?)
    /// A connection event matching `registerForConnectionEvents(options:)` happened.
    func centralManager(
        _ central: CBCentralManager, connectionEventDidOccur event: CBConnectionEvent, for peripheral: CBPeripheral)
    /// The peripheral's Apple Notification Center Service authorization changed.
    func centralManager(_ central: CBCentralManager, didUpdateANCSAuthorizationFor peripheral: CBPeripheral)
}

extension CBCentralManagerDelegate {
    public func centralManager(_ central: CBCentralManager, willRestoreState dict: [String: Any]) {}

    public func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {}

    public func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {}

    public func centralManager(
        _ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?
    ) {}

    /// Hands the disconnection on to the iOS 17 variant, so a delegate that implements only that one hears it;
    /// `isReconnecting` is true when the manager is already reconnecting (``CBConnectPeripheralOptionEnableAutoReconnect``).
    public func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        centralManager(
            central, didDisconnectPeripheral: peripheral, timestamp: Date().timeIntervalSinceReferenceDate,
            isReconnecting: peripheral.state == .connecting, error: error)
    }

    public func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, timestamp: CFAbsoluteTime,
        isReconnecting: Bool, error: (any Error)?
    ) {}

    public func centralManager(
        _ central: CBCentralManager, connectionEventDidOccur event: CBConnectionEvent, for peripheral: CBPeripheral
    ) {}

    public func centralManager(_ central: CBCentralManager, didUpdateANCSAuthorizationFor peripheral: CBPeripheral) {}
}
