import Foundation
import HCI
import Host

/// One notification or indication the app asked for, on its way to the host's transmit queues.
struct ValueUpdate: Sendable {
    /// The bytes to send.
    let value: [UInt8]
    /// The characteristic value's handle.
    let handle: AttributeHandle
    /// The connections to update, nil for every subscriber.
    let targets: Set<ConnectionHandle>?
}

/// Whether a peripheral manager may accept another update, as Apple's: one accepted update makes it wait until the
/// host has queued it, and a full transmit queue makes it wait until the host has room.
struct UpdateFlow {
    /// Whether no update is on its way to the host.
    var isReady = true
    /// Whether `updateValue` returned false since the manager was last ready, so the delegate must hear it is.
    var refusedAnUpdate = false
    /// The update the host refused for lack of room, sent again when room comes.
    var held: ValueUpdate?
    /// Whether the host reported room while an update was on its way.
    var roomReportedInFlight = false
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
            guard !recipients.isEmpty else { return true }
            guard updates.isReady else {
                updates.refusedAnUpdate = true
                return false
            }
            let targets = centrals.map { _ in
                Set(centralsByConnection.filter { entry in recipients.contains { $0 === entry.value } }.keys)
            }
            send(ValueUpdate(value: Array(value), handle: handle, targets: targets))
            return true
        }
    }

    /// The host has room in its transmit queues again: sends the update it refused.
    func transmitRoomAvailable() {
        if let held = updates.held {
            updates.held = nil
            send(held)
        } else if !updates.isReady {
            updates.roomReportedInFlight = true
        }
    }

    private func send(_ update: ValueUpdate) {
        updates.isReady = false
        updates.roomReportedInFlight = false
        submit { host in
            let accepted = await host.updateValue(update.value, for: update.handle, to: update.targets)
            self.queue.async { self.updateFinished(update, accepted: accepted) }
        }
    }

    private func updateFinished(_ update: ValueUpdate, accepted: Bool) {
        if !accepted {
            if updates.roomReportedInFlight {
                send(update)
            } else {
                updates.held = update
            }
            return
        }
        updates.isReady = true
        if updates.refusedAnUpdate {
            updates.refusedAnUpdate = false
            delegate?.peripheralManagerIsReady(toUpdateSubscribers: self)
        }
    }
}
