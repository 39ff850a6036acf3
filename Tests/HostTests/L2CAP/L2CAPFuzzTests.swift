import HCI
import Testing

@testable import Host

@Suite("L2CAP under random input: never traps, stays bounded", .timeLimit(.minutes(2)))
struct L2CAPFuzzTests {
    private static let knownCodes: [UInt8] = [0x01, 0x06, 0x07, 0x12, 0x13, 0x14, 0x15, 0x16, 0x0A, 0x17]

    /// A C-frame payload that is often nearly well formed: a known code, a plausible Length field.
    private func signalingPayload(using generator: inout SeededGenerator) -> [UInt8] {
        let count = Int.random(in: 0...30, using: &generator)
        var bytes = generator.bytes(count: count)
        if count >= 1, Bool.random(using: &generator) {
            bytes[0] = Self.knownCodes.randomElement(using: &generator) ?? 0x01
        }
        if count >= 4, Int.random(in: 0..<4, using: &generator) != 0 {
            let length = count - 4 + Int.random(in: -1...1, using: &generator)
            bytes[2] = UInt8(truncatingIfNeeded: length)
            bytes[3] = length < 0 ? 0xFF : 0
        }
        return bytes
    }

    @Test("decoding random signaling frames either throws or round-trips to the same bytes")
    func signalingDecode() {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        var decoded = 0
        for _ in 0..<20_000 {
            let payload = signalingPayload(using: &generator)
            guard let command = try? SignalingCommand(decoding: payload) else { continue }
            decoded += 1
            #expect(command.encoded == payload)
        }
        #expect(decoded > 1_000, "the generator reaches the decoders")
    }

    @Test("the signaling channel answers random frames without trapping, never with identifier 0 or beyond its MTU")
    func signalingChannel() throws {
        var generator = SeededGenerator(seed: 0x5EED_0002)
        var channels = [SignalingChannel(role: .central), SignalingChannel(role: .peripheral)]
        for index in 0..<20_000 {
            let which = index % 2
            if Int.random(in: 0..<8, using: &generator) == 0 {
                let request = LECreditBasedConnectionRequest(
                    spsm: SPSM(rawValue: 0x80), sourceCID: L2CAPChannelID(rawValue: 0x40), mtu: 23, mps: 23,
                    initialCredits: 1)
                _ = try? channels[which].send(.leCreditBasedConnection(request))
            }
            if Int.random(in: 0..<8, using: &generator) == 0 {
                _ = channels[which].timeoutElapsed(identifier: UInt8.random(in: 0...255, using: &generator))
            }
            for action in channels[which].received(signalingPayload(using: &generator)) {
                guard case .send(let command) = action else { continue }
                #expect(command.identifier != 0)
                #expect(command.encoded.count <= Int(channels[which].mtu))
            }
            #expect(channels[which].outstandingIdentifiers.count <= channels[which].maximumOutstandingRequests)
        }
    }

    @Test("the reassembler takes random fragments without trapping or buffering past its bound")
    func reassembler() {
        var generator = SeededGenerator(seed: 0x5EED_0003)
        var reassembler = Reassembler(maximumPDUSize: 64)
        var completed = 0
        let handle = ConnectionHandle(rawValue: 1)
        for _ in 0..<50_000 {
            var data = generator.bytes(count: Int.random(in: 0...40, using: &generator))
            if data.count >= 2, Bool.random(using: &generator) {
                data[0] = UInt8.random(in: 0...80, using: &generator)
                data[1] = 0
            }
            let boundary = ACLDataPacket.BoundaryFlag(rawValue: UInt8.random(in: 0...3, using: &generator))
            let result = reassembler.received(ACLDataPacket(handle: handle, boundary: boundary, data: data))
            if let frame = result.frame {
                completed += 1
                #expect(frame.payload.count <= 64)
            }
            #expect(reassembler.bufferedByteCount <= BasicFrame.headerLength + 64)
        }
        #expect(completed > 100, "the generator completes some frames")
    }

    @Test("an open credit-based channel takes random K-frames and credits without trapping")
    func creditBasedChannel() {
        var generator = SeededGenerator(seed: 0x5EED_0004)
        let configuration = CreditBasedChannel.Configuration(mtu: 200, mps: 30, initialCredits: 4)
        let request = LECreditBasedConnectionRequest(
            spsm: SPSM(rawValue: 0x80), sourceCID: L2CAPChannelID(rawValue: 0x40), mtu: 100, mps: 23, initialCredits: 2)
        var channel = CreditBasedChannel(localCID: L2CAPChannelID(rawValue: 0x41), configuration: configuration)
        for _ in 0..<20_000 {
            if channel.state != .open {
                channel = CreditBasedChannel(localCID: L2CAPChannelID(rawValue: 0x41), configuration: configuration)
                _ = channel.accept(request, identifier: 1)
            }
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: _ = channel.receivedCredits(UInt16.random(in: 0...3, using: &generator))
            case 1: _ = try? channel.send(generator.bytes(count: Int.random(in: 0...120, using: &generator)))
            case 2: _ = channel.sduConsumed()
            default:
                var frame = generator.bytes(count: Int.random(in: 0...32, using: &generator))
                if frame.count >= 2 { frame[1] = 0 }
                for action in channel.received(frame: frame) {
                    if case .deliver(let sdu) = action { #expect(sdu.count <= 200) }
                }
            }
            #expect(channel.receiveCredits <= CreditBasedChannel.maximumCredits)
        }
    }
}
