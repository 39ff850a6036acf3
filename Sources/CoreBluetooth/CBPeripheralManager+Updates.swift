import Foundation
import HCI
import Host

/// The room a peripheral manager's host has for updates, counted on the manager's side so that
/// ``CBPeripheralManager/updateValue(_:for:onSubscribedCentrals:)`` decides at once, as Apple's does: each
/// connection's transmit queue takes `capacity` updates; an update takes room on every connection it goes to, and
/// the host gives the room back as it sends notifications, gets indications confirmed or drops updates.
struct UpdateFlow {
    /// How many updates one connection's transmit queue holds, counting an indication until it is confirmed.
    let capacity: Int
    /// The room left on connections that have updates in the host; a connection not listed has all of it.
    private var room: [ConnectionHandle: Int] = [:]
    /// The connections whose queue was full when an update was last refused; room on any of them makes the
    /// manager ready again.
    private var blocked: Set<ConnectionHandle> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes room for one update on each of `connections`, or takes none and returns false when one is full.
    mutating func take(_ connections: Set<ConnectionHandle>) -> Bool {
        let full = connections.filter { room[$0, default: capacity] <= 0 }
        guard full.isEmpty else {
            blocked = full
            return false
        }
        for connection in connections { room[connection, default: capacity] -= 1 }
        return true
    }

    /// Gives back room the host freed; returns whether the manager is ready again after a refusal.
    mutating func freed(_ count: Int, on connection: ConnectionHandle) -> Bool {
        guard let left = room[connection] else { return false }
        room[connection] = left + count >= capacity ? nil : left + count
        return unblock(connection)
    }

    /// Forgets a connection that went down with its queue; returns whether the manager is ready again.
    mutating func ended(_ connection: ConnectionHandle) -> Bool {
        room[connection] = nil
        return unblock(connection)
    }

    private mutating func unblock(_ connection: ConnectionHandle) -> Bool {
        guard blocked.contains(connection) else { return false }
        blocked = []
        return true
    }
}

extension CBPeripheralManager {
    /// Carries out ``updateValue(_:for:onSubscribedCentrals:)``.
    func update(
        _ value: Data, for characteristic: CBMutableCharacteristic, onSubscribedCentrals centrals: [CBCentral]?
    ) -> Bool {
        confined {
            guard acceptsCommands() else { return false }
            guard let handle = valueHandle(of: characteristic) else {
                report("API MISUSE: \(characteristic) is not published")
                return false
            }
            let subscribers = characteristic.subscribedCentrals ?? []
            let recipients = subscribers.filter { subscriber in centrals?.contains { $0 === subscriber } ?? true }
            let targets = Set(
                centralsByConnection.filter { entry in recipients.contains { $0 === entry.value } }.keys)
            guard !targets.isEmpty else { return true }
            guard updates.take(targets) else { return false }
            let bytes = Array(value)
            submit { host in await host.updateValue(bytes, for: handle, to: targets) }
            return true
        }
    }

    /// The host freed room for `count` updates on a connection: tells the delegate when it waits for that room.
    func transmitRoomFreed(_ count: Int, on connection: ConnectionHandle) {
        guard updates.freed(count, on: connection) else { return }
        delegate?.peripheralManagerIsReady(toUpdateSubscribers: self)
    }

    /// A connection went down with the updates queued for it: tells the delegate when it waited for its room.
    func transmitQueueEnded(on connection: ConnectionHandle) {
        guard updates.ended(connection) else { return }
        delegate?.peripheralManagerIsReady(toUpdateSubscribers: self)
    }
}
