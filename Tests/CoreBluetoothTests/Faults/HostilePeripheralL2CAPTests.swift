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

    /// A signaling command the peripheral sends the central unasked, and the central's answer.
    enum Command: String, CaseIterable, Sendable {
        case intervalBelowMinimum = "a Connection Parameter Update Request with a minimum interval of 4 (5 ms)"
        case intervalsReversed = "a Connection Parameter Update Request whose minimum interval exceeds its maximum"
        case latencyTooHigh = "a Connection Parameter Update Request with a peripheral latency of 500"
        case timeoutTooShort = "a Connection Parameter Update Request whose timeout ends before the latency"
        case unknownCode = "a signaling command of code 0x3F, which LE signaling does not define"

        static let identifier: UInt8 = 0x55

        /// The command as sent on the LE signaling channel.
        var pdu: [UInt8] {
            // Minimum and maximum interval, peripheral latency, supervision timeout: little-endian, in the
            // units of Vol 3, Part A, 4.20 (1.25 ms, events, 10 ms).
            let parameters: [UInt16] =
                switch self {
                case .intervalBelowMinimum: [4, 40, 0, 400]
                case .intervalsReversed: [80, 40, 0, 400]
                case .latencyTooHigh: [40, 40, 500, 3200]
                case .timeoutTooShort: [40, 40, 10, 10]
                case .unknownCode: []
                }
            guard self != .unknownCode else { return [0x3F, Self.identifier, 0x02, 0x00, 0xAB, 0xCD] }
            return [0x12, Self.identifier, 0x08, 0x00] + parameters.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }

        /// The central's answer: the update rejected (result 0x0001), or Command Not Understood (reason 0x0000).
        var answer: [UInt8] {
            switch self {
            case .unknownCode: [0x01, Self.identifier, 0x02, 0x00, 0x00, 0x00]
            default: [0x13, Self.identifier, 0x02, 0x00, 0x01, 0x00]
            }
        }
    }

    @Test(
        "an out-of-range parameter update is rejected and an unknown command answered Command Not Understood; the link and reads go on",
        arguments: Command.allCases)
    func unaskedCommand(_ command: Command) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let (answers, sink) = AsyncStream.makeStream(of: [UInt8].self)
            rig.tampering.watch { channel, payload in
                if channel == 0x0005 { sink.yield(payload) }
            }
            let handle = try #require(await rig.device.host.links.first?.handle)
            try await rig.transport.inject(command.pdu, channel: 0x0005, on: handle)
            var received = answers.makeAsyncIterator()
            #expect(await received.next() == command.answer)
            rig.tampering.watch(with: nil)
            #expect(rig.onQueueState() == .connected)
            try await rig.discoverAndReadLong()
            try await rig.finish()
        }
    }

    @Test(
        "a Command Reject in place of the answer to the central's credit-based connection request fails that channel at once; the link and reads go on"
    )
    func commandRejectForConnectionRequest() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            // Command Reject, Command Not Understood, with the identifier of the request it answers.
            rig.tampering.tamper { channel, payload in
                channel == 0x0005 && payload.first == 0x15 ? [0x01, payload[1], 0x02, 0x00, 0x00, 0x00] : nil
            }
            // Refused at once: a request left unanswered would fail with connectionTimeout, after the signaling timer.
            let refused = ErrorSummary(domain: CBErrorDomain, code: CBError.Code.connectionFailed.rawValue)
            #expect(try await openChannel(&rig) == refused)
            rig.tampering.tamper(with: nil)
            #expect(rig.onQueueState() == .connected)
            // The peer's host kept the channel it rejected, so it refuses the same source CID (Source CID already
            // allocated, Vol 3, Part A, 4.23) when the central, which freed it, asks with it again.
            #expect(try await openChannel(&rig) == refused)
            try await rig.discoverAndReadLong()
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
