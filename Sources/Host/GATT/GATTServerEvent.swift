import HCI

/// Something the application learns from the GATT server, collected by ``GATTServer/takeEvents()``.
public enum GATTServerEvent: Hashable, Sendable {
    /// A client wrote a CCCD, or stopped receiving updates by disconnecting (an empty configuration).
    case subscriptionChanged(
        connection: ConnectionHandle, valueHandle: AttributeHandle, configuration: ClientCharacteristicConfiguration)
    /// A client confirmed the indication of the value at `valueHandle`.
    case indicationConfirmed(connection: ConnectionHandle, valueHandle: AttributeHandle)
    /// Every transmit queue has room again after ``GATTServer/updateValue(_:for:to:)`` returned false.
    case readyToUpdateSubscribers
}
