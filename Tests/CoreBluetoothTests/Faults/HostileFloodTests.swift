import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Synchronization
import Testing

@Suite("A hostile peripheral's floods against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileFloodTests {
    static let notifications = 500
    static let unaskedResponses = 200
    static let indications = 50

    /// The notification or indication PDU of `opcode` for the value at `handle`, carrying `index`.
    private static func update(_ opcode: UInt8, _ handle: UInt16, _ index: Int) -> [UInt8] {
        [opcode, UInt8(handle & 0xFF), UInt8(handle >> 8), UInt8(index & 0xFF), UInt8(index >> 8)]
    }

    @Test(
        "notifications and unasked Write Responses sent as fast as the link takes them while a long value is read: the read completes whole and every notification reaches its characteristic, in order"
    )
    func notificationsDuringRead() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let long = try rig.characteristic(VanishRig.long, in: service)
            let indicating = try rig.characteristic(VanishRig.indicating, in: service)
            let handle = try #require(await rig.device.host.links.first?.handle)
            let raw = try #require(await rig.device.valueHandle(of: VanishRig.indicating)).rawValue
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.readValue(for: long) }
            for index in 0..<Self.notifications {
                try await rig.transport.inject(att: Self.update(0x1B, raw, index), on: handle)
                if index < Self.unaskedResponses { try await rig.transport.inject(att: [0x13], on: handle) }
            }
            var notified: [Data] = []
            var read: Data?
            while notified.count < Self.notifications || read == nil {
                let (uuid, value) = try await rig.events.next { event -> (String, Data?)? in
                    guard case .valueUpdated(let uuid, let value, let error) = event else { return nil }
                    #expect(error == nil)
                    return (uuid, value)
                }
                if uuid == long.uuid.uuidString {
                    read = value
                } else {
                    #expect(uuid == indicating.uuid.uuidString)
                    notified.append(value ?? Data())
                }
            }
            #expect(read == Data(VanishRig.longValue))
            let sent: [Data] = (0..<Self.notifications).map { index in Data(Self.update(0x1B, 0, index).suffix(2)) }
            #expect(notified == sent)
            #expect(rig.onQueueState() == .connected)
            try await rig.discoverAndReadLong()
            try await rig.finish()
        }
    }

    @Test(
        "indications sent without waiting for confirmations: the central confirms each one it delivers, once, and the link and reads go on"
    )
    func indicationsWithoutConfirmation() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let indicating = try rig.characteristic(VanishRig.indicating, in: service)
            let confirmations = Mutex(0)
            rig.tampering.watch { channel, payload in
                if channel == 0x0004, payload == [0x1E] { confirmations.withLock { $0 += 1 } }
            }
            let handle = try #require(await rig.device.host.links.first?.handle)
            let raw = try #require(await rig.device.valueHandle(of: VanishRig.indicating)).rawValue
            for index in 0..<Self.indications {
                try await rig.transport.inject(att: Self.update(0x1D, raw, index), on: handle)
            }
            // A notification after the burst: once it arrives, every indication of the burst was taken or dropped.
            let marker: [UInt8] = [0xFF, 0xFF]
            try await rig.transport.inject(att: [0x1B, UInt8(raw & 0xFF), UInt8(raw >> 8)] + marker, on: handle)
            var delivered = 0
            while true {
                let value = try await rig.events.next { event -> Data?? in
                    guard case .valueUpdated(let uuid, let value, nil) = event, uuid == indicating.uuid.uuidString
                    else { return nil }
                    return .some(value)
                }
                if value == Data(marker) { break }
                delivered += 1
            }
            // The read's request leaves after every confirmation the central sent, and its answer comes after the
            // peer received them.
            try await rig.discoverAndReadLong()
            #expect(delivered >= 1)
            #expect(delivered <= Self.indications)
            #expect(confirmations.withLock { $0 } == delivered)
            rig.tampering.watch(with: nil)
            try await rig.finish()
        }
    }
}
