import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

@Suite("A hostile peripheral's L2CAP signaling against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostilePeripheralL2CAPTests {
    @Test(
        "credits pushing a channel past 65535 make the central close that channel; the link, reads and new channels go on working"
    )
    func creditOverflow() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let peripheral = rig.peripheral
            let (signals, sink) = AsyncStream.makeStream(of: [UInt8].self)
            // The peer's signaling PDUs as its host sends them: its channel ID is in its connection response.
            rig.tampering.tamper { channel, payload in
                if channel == 0x0005 { sink.yield(payload) }
                return nil
            }
            var sent = signals.makeAsyncIterator()
            #expect(try await openChannel(&rig) == nil)
            var response = try #require(await sent.next())
            while response.first != 0x15 { response = try #require(await sent.next()) }
            let handle = try #require(await rig.device.host.links.first?.handle)
            // LE Flow Control Credit: code 0x16, identifier, length 4, the peer's channel ID, 65535 credits.
            try await rig.transport.inject(
                [0x16, 0x77, 0x04, 0x00, response[4], response[5], 0xFF, 0xFF], channel: 0x0005, on: handle)
            var answer = try #require(await sent.next())
            while answer.first != 0x07 { answer = try #require(await sent.next()) }
            #expect(Array(answer[4..<6]) == Array(response[4..<6]), "the central closed another channel")
            rig.tampering.tamper(with: nil)
            #expect(rig.onQueueState() == .connected)
            #expect(try await openChannel(&rig) == nil)
            let service = try await rig.discover()
            let long = try rig.characteristic(VanishRig.long, in: service)
            rig.onQueue { peripheral.readValue(for: long) }
            let value = try await rig.events.next { event -> Data?? in
                guard case .valueUpdated(_, let value, let error) = event else { return nil }
                #expect(error == nil)
                return .some(value)
            }
            #expect(value == Data(VanishRig.longValue))
            try await rig.finish()
        }
    }

    private func openChannel(_ rig: inout VanishRig) async throws -> ErrorSummary? {
        let peripheral = rig.peripheral
        rig.onQueue { peripheral.openL2CAPChannel(VanishRig.psm) }
        return try await rig.events.next { event -> ErrorSummary?? in
            guard case .channelOpened(let error) = event else { return nil }
            return .some(error)
        }
    }
}
