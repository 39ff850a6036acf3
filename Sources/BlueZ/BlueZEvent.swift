/// What changed in bluetoothd's object tree that a manager may need to act on.
public enum BlueZEvent: Sendable {
    /// The adapter was powered on or off (or went away: off).
    case adapterPowered(Bool)
    /// A device appeared or some of its properties (the names in `changed`) changed.
    case deviceChanged(BlueZDevice, changed: Set<String>)
    /// A device was removed from bluetoothd's list.
    case deviceRemoved(path: String)
    /// A characteristic's value changed: a notification or indication, or a read's result.
    case valueChanged(characteristicPath: String, value: [UInt8])
}
