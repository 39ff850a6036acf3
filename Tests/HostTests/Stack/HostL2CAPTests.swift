import HCI
import Host
import HostTestSupport
import Testing

@Suite("L2CAP signaling and credit-based channels through the host", .timeLimit(.minutes(2)))
struct HostL2CAPTests {
    @Test("a credit-based channel opens to a published SPSM, carries SDUs longer than the MPS both ways, and closes")
    func channelRoundTrip() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        let spsm = try await pair.peripheral.publishChannel()
        #expect(SPSM.dynamicRange.contains(spsm))

        let channel = try await pair.central.openChannel(spsm: spsm, on: link.handle)
        #expect(channel.spsm == spsm)
        let accepted = try await pair.peripheralEvents.next { event -> L2CAPChannelInfo? in
            guard case .channelOpened(let info) = event else { return nil }
            return info
        }
        #expect(accepted.connection == peripheralLink.handle)

        let outbound = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 3) }
        try await pair.central.send(outbound, onChannel: channel.localCID, of: link.handle)
        let received = try await pair.peripheralEvents.next { event -> [UInt8]? in
            guard case .channelData(peripheralLink.handle, accepted.localCID, let sdu) = event else { return nil }
            return sdu
        }
        #expect(received == outbound)

        for index in 0..<20 {
            try await pair.peripheral.send(
                [UInt8(index)] + Array(repeating: 0xAB, count: 300), onChannel: accepted.localCID,
                of: peripheralLink.handle)
        }
        var order: [UInt8] = []
        for _ in 0..<20 {
            order.append(
                try await pair.centralEvents.next { event -> UInt8? in
                    guard case .channelData(link.handle, channel.localCID, let sdu) = event, sdu.count == 301 else {
                        return nil
                    }
                    return sdu[0]
                })
        }
        #expect(order == (0..<20).map { UInt8($0) })

        try await pair.central.closeChannel(channel.localCID, of: link.handle)
        let closed = try await pair.centralEvents.next { event -> CreditBasedChannelCloseReason? in
            guard case .channelClosed(link.handle, channel.localCID, let reason) = event else { return nil }
            return reason
        }
        #expect(closed == .localRequest)
        let peerClosed = try await pair.peripheralEvents.next { event -> CreditBasedChannelCloseReason? in
            guard case .channelClosed(peripheralLink.handle, accepted.localCID, let reason) = event else { return nil }
            return reason
        }
        #expect(peerClosed == .peerRequest)
        await pair.stop()
    }

    @Test("a channel to an SPSM nobody published is refused with SPSM Not Supported")
    func unpublishedSPSM() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        do {
            _ = try await pair.central.openChannel(spsm: SPSM(rawValue: 0x0081), on: link.handle)
            Issue.record("the channel opened")
        } catch let HostError.channelClosed(handle, _, reason) {
            #expect(handle == link.handle)
            #expect(reason == .refused(.spsmNotSupported))
        }
        await pair.stop()
    }

    @Test("a peripheral's connection parameter update request is applied by the central, and both hear it")
    func connectionParameterUpdate() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        try await pair.peripheral.requestConnectionParameters(
            peripheralLink.handle, interval: 0x0030...0x0030, latency: 2, supervisionTimeout: 0x0200)
        for (events, handle) in [(pair.peripheralEvents, peripheralLink.handle), (pair.centralEvents, link.handle)] {
            let interval = try await events.next { event -> UInt16? in
                guard case .connectionUpdated(handle, let interval, 2, 0x0200) = event else { return nil }
                return interval
            }
            #expect(interval == 0x0030)
        }
        await pair.stop()
    }
}
