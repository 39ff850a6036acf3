import Foundation
import Host
import Testing

@testable import CoreBluetooth

@Suite("Notifications that overtake their subscription", .timeLimit(.minutes(2)))
struct NotificationOrderTests {
    @Test("a value notified while setNotifyValue is under way reaches the delegate after the notification state")
    func stateBeforeValue() async throws {
        let (device, _, recorder, peripheral, primary, events) = try await CentralFixture.connectedDevice()
        defer { Task { await device.stop() } }
        var cursor = events
        let notifying = try CentralFixture.characteristic(CentralFixture.notifying, in: primary, recorder)
        recorder.queue.sync {
            peripheral.setNotifyValue(true, for: notifying)
            if let handle = peripheral.characteristicDeclarations[ObjectIdentifier(notifying)]?.valueHandle {
                peripheral.valueNotified([0x2A], at: handle)
            }
        }
        let next = try await cursor.next { event -> CentralEvent? in
            switch event {
            case .notificationState, .valueUpdated: event
            default: nil
            }
        }
        guard case .notificationState("FFF3", true, nil) = next else {
            Issue.record("the value came before the notification state: \(next)")
            return
        }
        guard case .valueUpdated("FFF3", Data([0x2A]), nil) = try await cursor.next() else {
            Issue.record("the held value did not follow the notification state")
            return
        }
    }
}
