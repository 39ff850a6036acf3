import HCI
import Host
import HostTestSupport
import Testing

@Suite("Credit-based channels: security, credits that follow consumption, and send queue room", .timeLimit(.minutes(1)))
struct HostChannelFlowTests {
    @Test("a channel to an SPSM that requires encryption is refused on a plain link; the secured open pairs and opens")
    func encryptionRequired() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        let spsm = try await pair.peripheral.publishChannel(options: ChannelServiceOptions(requiresEncryption: true))
        do {
            _ = try await pair.central.openChannel(spsm: spsm, on: link.handle)
            Issue.record("the channel opened on an unencrypted link")
        } catch let HostError.channelClosed(_, _, reason) {
            #expect(reason == .refused(.insufficientAuthentication))
        }
        let channel = try await pair.central.openChannelSecured(spsm: spsm, on: link.handle)
        #expect(channel.spsm == spsm)
        #expect(await pair.central.security(of: link.handle).level > .unencrypted)
        await pair.stop()
    }

    @Test(
        "with credits following consumption, SDUs beyond the initial credits flow as earlier ones are consumed, and a full send queue waits for room"
    )
    func creditsFollowConsumption() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        let spsm = try await pair.peripheral.publishChannel(
            options: ChannelServiceOptions(creditsFollowConsumption: true))
        let channel = try await pair.central.openChannel(spsm: spsm, on: link.handle)
        let accepted = try await pair.peripheralEvents.next { event -> L2CAPChannelInfo? in
            guard case .channelOpened(let info) = event else { return nil }
            return info
        }
        let credits = Int(CreditBasedChannel.Configuration().initialCredits)
        let sender = Task {
            for index in 0..<(credits * 3) {
                try await pair.central.enqueue([UInt8(index)], onChannel: channel.localCID, of: link.handle)
            }
        }
        var seen: [UInt8] = []
        for _ in 0..<credits {
            seen.append(try await nextSDU(pair, peripheralLink.handle, accepted.localCID))
        }
        #expect(seen == (0..<credits).map(UInt8.init))
        await pair.peripheral.consumed(credits, onChannel: accepted.localCID, of: peripheralLink.handle)
        for _ in 0..<(credits * 2) {
            seen.append(try await nextSDU(pair, peripheralLink.handle, accepted.localCID))
            await pair.peripheral.consumed(onChannel: accepted.localCID, of: peripheralLink.handle)
        }
        try await sender.value
        #expect(seen == (0..<(credits * 3)).map(UInt8.init))
        await pair.stop()
    }

    private func nextSDU(_ pair: HostPair, _ handle: ConnectionHandle, _ cid: L2CAPChannelID) async throws -> UInt8 {
        try await pair.peripheralEvents.next { event -> UInt8? in
            guard case .channelData(handle, cid, let sdu) = event else { return nil }
            return sdu.first
        }
    }
}
