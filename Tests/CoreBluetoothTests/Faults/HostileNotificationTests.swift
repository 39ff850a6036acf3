import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

@Suite("A hostile peripheral's unasked notifications against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileNotificationTests {
    @Test(
        "a notification on a characteristic the app did not subscribe to reaches that characteristic, never the subscribed one"
    )
    func unsubscribedHandle() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let long = try rig.characteristic(VanishRig.long, in: service)
            let indicating = try rig.characteristic(VanishRig.indicating, in: service)
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.setNotifyValue(true, for: indicating) }
            let subscribed = try await rig.events.next { event -> ErrorSummary?? in
                guard case .notificationState(_, _, let error) = event else { return nil }
                return .some(error)
            }
            #expect(subscribed == nil)
            let handle = try #require(await rig.device.host.links.first?.handle)
            let longHandle = try #require(await rig.device.valueHandle(of: VanishRig.long)).rawValue
            let ownHandle = try #require(await rig.device.valueHandle(of: VanishRig.indicating)).rawValue
            try await rig.transport.inject(
                att: [0x1B, UInt8(longHandle & 0xFF), UInt8(longHandle >> 8), 0xAA], on: handle)
            try await rig.transport.inject(
                att: [0x1B, UInt8(ownHandle & 0xFF), UInt8(ownHandle >> 8), 0xBB], on: handle)
            var updates: [(String, Data?)] = []
            while updates.count < 2 {
                updates.append(
                    try await rig.events.next { event -> (String, Data?)? in
                        guard case .valueUpdated(let uuid, let value, nil) = event else { return nil }
                        return (uuid, value)
                    })
            }
            #expect(updates.map(\.0) == [long.uuid.uuidString, indicating.uuid.uuidString])
            #expect(updates.map(\.1) == [Data([0xAA]), Data([0xBB])])
            let values = rig.recorder.queue.sync { (long.value, indicating.value, long.isNotifying) }
            #expect(values.0 == Data([0xAA]))
            #expect(values.1 == Data([0xBB]))
            #expect(values.2 == false)
            try await rig.finish()
        }
    }
}
