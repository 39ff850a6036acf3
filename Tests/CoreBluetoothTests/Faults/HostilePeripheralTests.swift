import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

@Suite("A hostile peripheral against our central", .timeLimit(.minutes(2)))
struct HostilePeripheralTests {
    /// ATT PDUs a well-behaved server never sends unasked.
    enum Garbage: String, CaseIterable, Sendable {
        case notificationForUnknownHandle = "a notification for a handle the central never discovered"
        case responseToNothing = "a Read Response no request asked for"
        case truncatedNotification = "a notification too short to hold a handle"
        case unknownOpcode = "a PDU with an opcode ATT does not define"
        case unaskedMTUResponse = "an Exchange MTU Response of 517 after the exchange"

        var pdu: [UInt8] {
            switch self {
            case .notificationForUnknownHandle: [0x1B, 0x77, 0x77, 0x01, 0x02]
            case .responseToNothing: [0x0B, 0xDE, 0xAD]
            case .truncatedNotification: [0x1B, 0x01]
            case .unknownOpcode: [0x3F, 0x00, 0x01]
            case .unaskedMTUResponse: [0x03, 0x05, 0x02]
            }
        }
    }

    @Test(
        "the central ignores unasked or malformed PDUs, stays connected and reads the next value whole",
        arguments: Garbage.allCases)
    func garbage(_ garbage: Garbage) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let long = try rig.characteristic(VanishRig.long, in: service)
            let handle = try #require(await rig.device.host.links.first?.handle)
            try await rig.transport.inject(att: garbage.pdu, on: handle)
            // A notification of a known handle after the garbage: once it arrives, so has the garbage (one link keeps
            // order), and no request was outstanding that an unasked response could be mistaken for.
            let raw = try #require(await rig.device.valueHandle(of: VanishRig.long)).rawValue
            try await rig.transport.inject(att: [0x1B, UInt8(raw & 0xFF), UInt8(raw >> 8), 0x01, 0x02], on: handle)
            let marker = try await rig.events.next { event -> Data?? in
                guard case .valueUpdated(_, let value, nil) = event else { return nil }
                return .some(value)
            }
            #expect(marker == Data([0x01, 0x02]))
            rig.onQueue { rig.peripheral.readValue(for: long) }
            let event = try await rig.events.next { event -> CentralEvent? in
                switch event {
                case .valueUpdated, .disconnected: event
                default: nil
                }
            }
            guard case .valueUpdated(let uuid, let value, let error) = event else {
                Issue.record("expected the read to complete, got \(event)")
                return
            }
            #expect(uuid == long.uuid.uuidString)
            #expect(error == nil)
            #expect(value == Data(VanishRig.longValue))
            #expect(rig.onQueueState() == .connected)
            // ATT_MTU is settled once per link (Vol 3, Part F, 3.4.2.1): the peer's 23 stands.
            let peripheral = rig.peripheral
            #expect(rig.recorder.queue.sync { peripheral.maximumWriteValueLength(for: .withoutResponse) } == 20)
            try await rig.finish()
        }
    }
}
