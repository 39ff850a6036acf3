import HCI

extension GATTServer {
    /// Queues a characteristic's new value for its subscribers: a notification for a client that enabled
    /// notifications, else an indication. Values longer than 512 bytes are cut to 512.
    ///
    /// - Parameter targets: The connections to update, or nil for every subscriber.
    /// - Returns: False, queueing nothing, when a subscriber's transmit queue is full; the event
    ///   ``GATTServerEvent/readyToUpdateSubscribers`` follows once every queue has room again.
    @discardableResult
    public mutating func updateValue(
        _ value: [UInt8], for valueHandle: AttributeHandle, to targets: Set<ConnectionHandle>? = nil
    ) -> Bool {
        let subscribers = connections.filter { id, state in
            (targets?.contains(id) ?? true) && !state.configuration(of: valueHandle).isEmpty
        }
        guard subscribers.values.allSatisfy({ !$0.transmitQueue.isFull }) else {
            isWaitingForTransmitRoom = true
            return false
        }
        let value = Array(value.prefix(ATTLimits.maximumValueLength))
        for (id, state) in subscribers {
            let isIndication = !state.configuration(of: valueHandle).contains(.notification)
            connections[id]?.transmitQueue.append(
                TransmitQueue.Item(handle: valueHandle, value: value, isIndication: isIndication))
        }
        return true
    }

    /// The next notification or indication to send on a connection, its value cut to ATT_MTU - 3 bytes.
    ///
    /// Nil while the queue is empty or its head is an indication and another one awaits its confirmation;
    /// after a Handle Value Confirmation, ask again. Updates for a subscription the client has since
    /// turned off are dropped.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.
    public mutating func nextOutgoingPDU(for connection: ConnectionHandle) -> ATTPDU? {
        guard var state = connections[connection] else { return nil }
        var pdu: ATTPDU?
        while pdu == nil, let item = state.transmitQueue.first {
            let wanted: ClientCharacteristicConfiguration = item.isIndication ? .indication : .notification
            if state.configuration(of: item.handle).contains(wanted) {
                if item.isIndication {
                    guard state.outstandingIndication == nil else { break }
                    state.outstandingIndication = item.handle
                }
                let value = Array(item.value.prefix(state.mtu - 3))
                pdu =
                    item.isIndication
                    ? .handleValueIndication(ATTHandleValueIndication(handle: item.handle, value: value))
                    : .handleValueNotification(ATTHandleValueNotification(handle: item.handle, value: value))
            }
            state.transmitQueue.removeFirst()
        }
        connections[connection] = state
        reportRoomIfWaiting()
        return pdu
    }

    /// Queues the value for its subscribers and returns every notification and indication that may go now,
    /// in connection order; nil, queueing nothing, when a subscriber's transmit queue is full.
    ///
    /// Indications wait in the queue while one is unconfirmed; ``nextOutgoingPDU(for:)`` releases them.
    public mutating func notifications(
        for valueHandle: AttributeHandle, value: [UInt8], to targets: Set<ConnectionHandle>? = nil
    ) -> [(connection: ConnectionHandle, pdu: ATTPDU)]? {
        guard updateValue(value, for: valueHandle, to: targets) else { return nil }
        var ready: [(connection: ConnectionHandle, pdu: ATTPDU)] = []
        for connection in connections.keys.sorted() {
            while let pdu = nextOutgoingPDU(for: connection) {
                ready.append((connection, pdu))
            }
        }
        return ready
    }

    /// Whether an indication sent on the connection still awaits its confirmation.
    public func hasOutstandingIndication(on connection: ConnectionHandle) -> Bool {
        connections[connection]?.outstandingIndication != nil
    }

    /// Takes a Handle Value Confirmation; one that answers no indication is ignored.
    ///
    /// Confirming a Service Changed indication makes a robust-caching client change-aware.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.3 and Vol 3, Part G, 2.5.2.1.
    mutating func confirmIndication(from connection: ConnectionHandle) {
        guard var state = connections[connection], let handle = state.outstandingIndication else { return }
        state.outstandingIndication = nil
        if handle == serviceChangedValueHandle {
            state.isChangeAware = true
            state.becomesChangeAwareOnNextRequest = false
        }
        connections[connection] = state
        events.append(.indicationConfirmed(connection: connection, valueHandle: handle))
    }

    /// Reports room in the transmit queues once every queue has some, if an update was refused.
    mutating func reportRoomIfWaiting() {
        guard isWaitingForTransmitRoom, connections.values.allSatisfy({ !$0.transmitQueue.isFull }) else { return }
        isWaitingForTransmitRoom = false
        events.append(.readyToUpdateSubscribers)
    }
}
