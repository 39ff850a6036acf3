import HCI
import Host

extension Benchmarks {
    /// The SPSM the peripheral publishes for the channel workload (the first dynamic one).
    static let channelSPSM = SPSM(rawValue: 0x0080)

    /// The central opens an L2CAP credit-based channel (MTU and SDUs of 512 bytes, MPS 247, 10 initial credits
    /// each way) and sends `count` SDUs as fast as credits let it; the run ends when the peripheral has them all.
    static func channel(_ count: Int, _ setting: BenchSetting) async throws -> BenchResult {
        try await withRig(setting) { rig in
            let size = 512
            let configuration = CreditBasedChannel.Configuration(mtu: UInt16(size), mps: 247, initialCredits: 10)
            try await rig.peripheral.publishChannel(
                spsm: channelSPSM, options: ChannelServiceOptions(configuration: configuration))
            let received = BenchEventCount()
            Task.preferring(rig.executor) {
                for await event in rig.peripheral.events {
                    if case .channelData = event { received.count() }
                }
                received.end()
            }
            let handle = rig.link.handle
            let channel = try await rig.central.openChannel(
                spsm: channelSPSM, on: handle, configuration: configuration)
            let sdu = Array(repeating: UInt8(0x6C), count: min(size, channel.peerMTU))
            var total = 0
            return try await timedStream("l2cap-channel", count, bytes: sdu.count, setting) { sdus in
                total += sdus
                for _ in 0..<sdus { try await rig.central.enqueue(sdu, onChannel: channel.localCID, of: handle) }
                guard await received.wait(beyond: total - 1) != nil else { throw BenchError.stopped }
            }
        }
    }
}
