import CoreBluetooth

/// Thrown while waiting for a central manager to power on when its state says it never will.
public struct BluetoothUnavailable: Error, Sendable, Equatable {
    /// The state that ended the wait: `.unsupported` or `.unauthorized`.
    public let state: CBManagerState
}
