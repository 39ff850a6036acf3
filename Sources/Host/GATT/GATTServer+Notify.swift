import HCI

extension GATTServer {
    /// Queues a characteristic's new value for its subscribers: a notification for a client that enabled
    /// notifications, else an indication. Values longer than 512 bytes are cut to 512.
    ///
    /// Each target given that is not subscribed gets its room back at once
    /// (``GATTServerEvent/transmitRoomFreed(connection:count:)``), as does every target of a refused update.
    ///
    /// - Parameter targets: The connections to update, or nil for every subscriber.
    /// - Returns: False, queueing nothing, when a subscriber's transmit queue is full; the event
    ///   ``GATTServerEvent/readyToUpdateSubscribers`` follows once every queue has room again.
    @discardableResult
    public mutating func updateValue(
        _ value: [UInt8], for valueHandle: AttributeHandle, to targets: Set<ConnectionHandle>? = nil
    ) -> Bool {
        let isTarget = { (connection: ConnectionHandle) in targets?.contains(connection) ?? true }
        // Two passes over `connections` instead of a list of subscribers, which would cost an allocation per update.
        // States are changed in place through their positions: a copy of one would share the transmit queue's
        // storage and make the append copy it whole.
        for index in connections.indices where isTarget(connections.keys[index]) {
            guard
                connections.values[index].configuration(of: valueHandle).isEmpty
                    || !connections.values[index].transmitQueue.isFull
            else {
                isWaitingForTransmitRoom = true
                if let targets { for target in targets.sorted() { freeRoom(on: target, count: 1) } }
                return false
            }
        }
        let value = value.cut(to: ATTLimits.maximumValueLength)
        // Walked by hand: `connections.indices` would hold a reference to the storage, and the append would copy
        // the dictionary and the queue.
        var index = connections.startIndex
        while index != connections.endIndex {
            defer { connections.formIndex(after: &index) }
            let configuration = connections.values[index].configuration(of: valueHandle)
            guard isTarget(connections.keys[index]), !configuration.isEmpty else { continue }
            connections.values[index].transmitQueue.append(
                TransmitQueue.Item(
                    handle: valueHandle, value: value, isIndication: !configuration.contains(.notification)))
        }
        guard let targets else { return true }
        for target in targets.sorted() where connections[target]?.configuration(of: valueHandle).isEmpty ?? true {
            freeRoom(on: target, count: 1)
        }
        return true
    }

    /// The next notification or indication to send on a connection, its value cut to ATT_MTU - 3 bytes.
    ///
    /// Nil while the queue is empty or holds only indications while another awaits its confirmation; after a
    /// Handle Value Confirmation, ask again. A waiting indication holds back later updates of its own
    /// characteristic only, so each characteristic's updates keep their order. Updates for a subscription the
    /// client has since turned off are dropped.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.
    public mutating func nextOutgoingPDU(for connection: ConnectionHandle) -> ATTPDU? {
        // Changed in place through its position, so that its transmit queue's storage is not copied.
        guard let position = connections.index(forKey: connection) else { return nil }
        let (next, freed) = connections.values[position].takeNextUpdate()
        if freed > 0 { freeRoom(on: connection, count: freed) }
        var pdu: ATTPDU?
        if let next {
            let room = connections.values[position].mtu - 3
            let value = next.value.cut(to: room)
            if next.isIndication {
                connections.values[position].outstandingIndication = next
                pdu = .handleValueIndication(ATTHandleValueIndication(handle: next.handle, value: value))
            } else {
                if !next.isServiceChanged { freeRoom(on: connection, count: 1) }
                pdu = .handleValueNotification(ATTHandleValueNotification(handle: next.handle, value: value))
            }
        }
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
        guard var state = connections[connection], let indication = state.outstandingIndication else { return }
        state.outstandingIndication = nil
        let handle = indication.handle
        if indication.isServiceChanged {
            state.isChangeAware = true
            state.becomesChangeAwareOnNextRequest = false
        }
        connections[connection] = state
        events.append(.indicationConfirmed(connection: connection, valueHandle: handle))
        if !indication.isServiceChanged { freeRoom(on: connection, count: 1) }
    }

    /// Reports room for `count` more updates on a connection, adding it to the last event when that reports
    /// room on the same connection.
    mutating func freeRoom(on connection: ConnectionHandle, count: Int) {
        if case .transmitRoomFreed(connection, let earlier) = events.last {
            events[events.count - 1] = .transmitRoomFreed(connection: connection, count: earlier + count)
        } else {
            events.append(.transmitRoomFreed(connection: connection, count: count))
        }
    }

    /// Reports room in the transmit queues once every queue has some, if an update was refused.
    mutating func reportRoomIfWaiting() {
        guard isWaitingForTransmitRoom, connections.values.allSatisfy({ !$0.transmitQueue.isFull }) else { return }
        isWaitingForTransmitRoom = false
        events.append(.readyToUpdateSubscribers)
    }
}
