import HCI

/// Something the application learns from the GATT server, collected by ``GATTServer/takeEvents()``.
public enum GATTServerEvent: Hashable, Sendable {
    /// A client wrote a CCCD, or stopped receiving updates by disconnecting (an empty configuration).
    case subscriptionChanged(
        connection: ConnectionHandle, valueHandle: AttributeHandle, configuration: ClientCharacteristicConfiguration)
    /// A client confirmed the indication of the value at `valueHandle`.
    case indicationConfirmed(connection: ConnectionHandle, valueHandle: AttributeHandle)
    /// Room for `count` more updates came back in a connection's transmit queue: updates queued there left it
    /// (notifications sent, indications confirmed, updates of a subscription since turned off), or an update
    /// addressed to the connection by ``GATTServer/updateValue(_:for:to:)`` was not queued there.
    ///
    /// Consecutive room for one connection is reported as one event.
    case transmitRoomFreed(connection: ConnectionHandle, count: Int)
    /// Every transmit queue has room again after ``GATTServer/updateValue(_:for:to:)`` returned false.
    case readyToUpdateSubscribers
}
